#!/usr/bin/env node
// Writes the API coverage table between the api-coverage markers of README.md from the gateway's
// own route table (services/gateway/dist/print-route-table.js), so the README cannot claim a
// route the gateway does not declare. `--check` fails instead of writing when it is stale.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const README = join(ROOT, 'README.md')
const START = '<!-- api-coverage:start (npm run docs:api-coverage writes this table) -->'
const END = '<!-- api-coverage:end -->'

const routes = JSON.parse(
  execFileSync(process.execPath, [join(ROOT, 'services/gateway/dist/print-route-table.js')], {
    encoding: 'utf8',
  }),
)
// Each route carries its area (declared by the route, or from services/gateway/src/route-areas.ts,
// shared with the OpenAPI tags); areas are listed in route-areas.ts's order, declared ones
// it does not know before 'Other'.
const { AREA_NAMES } = await import(
  pathToFileURL(join(ROOT, 'services/gateway/dist/route-areas.js')).href
)
const declared = [...new Set(routes.map((route) => route.area))].filter(
  (area) => !AREA_NAMES.includes(area),
)
const order = [...AREA_NAMES.slice(0, -1), ...declared, AREA_NAMES.at(-1)]
const byArea = new Map(order.map((name) => [name, []]))
for (const route of routes) {
  byArea.get(route.area).push(`${route.method} ${route.path.replace(/^\/api\/v4/, '')}`)
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
