#!/usr/bin/env node
// Writes the API coverage table between the api-coverage markers of README.md from the gateway's
// own route table (services/gateway/dist/print-route-table.js), so the README cannot claim a
// route the gateway does not declare. `--check` fails instead of writing when it is stale.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const README = join(ROOT, 'README.md')
const START = '<!-- api-coverage:start (npm run docs:api-coverage writes this table) -->'
const END = '<!-- api-coverage:end -->'

/** GitLab's API areas, by the first path pattern that matches (order matters), save one method. */
const AREAS = [
  ['Probes and metrics', /^\/(-\/|metrics)/],
  ['Version and metadata', /^\/api\/v4\/(version|metadata)$/],
  ['Alert ingestion (notify URLs)', /^\/:full_path\//],
  ['Uploads (avatars)', /^\/uploads\//],
  ['Runner protocol (gitlab-runner)', /^\/api\/v4\/(runners(\/verify)?|jobs\/.*)$/, 'GET'],
  ['Runners', /^\/api\/v4\/(user\/runners|runners|projects\/:id\/runners)/],
  ['CI job token scope', /job_token_scope/],
  ['Pipeline triggers', /trigger/],
  ['Jobs', /^\/api\/v4\/(job$|projects\/:id\/(jobs|pipelines\/:pipeline_id\/jobs))/],
  ['Merge request notes', /merge_requests\/:merge_request_iid\/notes/],
  ['Merge requests', /merge_requests/],
  ['Commit statuses', /\/statuses/],
  ['Pipelines', /pipeline/],
  ['Repository: tags', /repository\/tags/],
  ['Repository: branches', /repository\/branches/],
  ['Repository: commits', /repository\/commits/],
  ['Repository: tree, files, compare', /repository\/(tree|files|compare)/],
  ['Alert management', /alert_management/],
  ['Milestones and labels', /\/(milestones|labels)/],
  ['Member roles', /member_roles/],
  ['SAML identities', /\/saml\//],
  ['Members', /\/members/],
  ['Events', /events/],
  ['Personal access tokens', /personal_access_tokens/],
  ['Groups', /^\/api\/v4\/groups/],
  ['Projects', /^\/api\/v4\/projects/],
  ['Users', /^\/api\/v4\/users?/],
]

const routes = JSON.parse(
  execFileSync(process.execPath, [join(ROOT, 'services/gateway/dist/print-route-table.js')], {
    encoding: 'utf8',
  }),
)
const byArea = new Map(AREAS.map(([name]) => [name, []]))
byArea.set('Other', [])
for (const route of routes) {
  const area =
    AREAS.find(
      ([, pattern, notMethod]) => pattern.test(route.path) && route.method !== notMethod,
    )?.[0] ?? 'Other'
  byArea.get(area).push(`${route.method} ${route.path.replace(/^\/api\/v4/, '')}`)
}
const rows = [...byArea]
  .filter(([, list]) => list.length > 0)
  .map(
    ([area, list]) => `| ${area} | ${list.length} | ${list.map((r) => `\`${r}\``).join('<br>')} |`,
  )
const table = [
  START,
  `${routes.length} routes, as the gateway declares them (paths under \`/api/v4\` unless they start`,
  'with `/-/`, `/metrics`, `/uploads` or `/:full_path`). Git over HTTP (`/<full_path>.git/info/refs`,',
  '`git-upload-pack`, `git-receive-pack`) is served besides these.',
  '',
  '| area | routes | method and path |',
  '|---|---|---|',
  ...rows,
  END,
].join('\n')

const readme = readFileSync(README, 'utf8')
const start = readme.indexOf(START)
const end = readme.indexOf(END)
if (start < 0 || end < 0) {
  process.stderr.write('api-coverage: README.md has no api-coverage markers\n')
  process.exit(1)
}
const next = `${readme.slice(0, start)}${table}${readme.slice(end + END.length)}`
if (process.argv.includes('--check')) {
  if (next !== readme) {
    process.stderr.write('api-coverage: README.md is stale: run `npm run docs:api-coverage`\n')
    process.exit(1)
  }
  console.log(`api-coverage: README.md lists all ${routes.length} routes`)
} else {
  writeFileSync(README, next)
  console.log(`api-coverage: wrote ${routes.length} routes into README.md`)
}
