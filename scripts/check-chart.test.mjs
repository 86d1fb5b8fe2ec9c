// scripts/check-chart.mjs on a scratch copy of the chart and of the sources it holds the chart
// to: the chart as committed passes, and each way the defaults can drift from the tested
// topology (issue 28 point 8) fails, naming the problem.
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'

const REPO = process.cwd()
const COPIED = [
  'scripts/check-chart.mjs',
  'deploy/helm',
  'tests/integration/src/replicas.test.ts',
  'tests/integration/src/support/suite-processes.ts',
  'services/gateway/src/routes/health.routes.ts',
  'packages/runtime/src/metrics.ts',
  'packages/runtime/src/grpc-server.ts',
  'packages/runtime/src/shutdown.ts',
  'docs/once-only-work.md',
]
const LINKED = ['node_modules', 'packages/runtime/dist', 'packages/launcher/dist']

let root
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'check-chart-'))
  for (const path of COPIED) cpSync(join(REPO, path), join(root, path), { recursive: true })
  for (const path of LINKED) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    symlinkSync(join(REPO, path), join(root, path))
  }
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** Replaces `from` (which must be there) with `to` in a copied file. */
function edit(path, from, to) {
  const file = join(root, path)
  const text = readFileSync(file, 'utf8')
  expect(text).toContain(from)
  writeFileSync(file, text.replace(from, to))
}

function check() {
  const run = spawnSync(process.execPath, [join(root, 'scripts/check-chart.mjs')], {
    encoding: 'utf8',
  })
  return { status: run.status, output: run.stdout + run.stderr }
}

const HELPERS = 'deploy/helm/templates/_helpers.tpl'
const VALUES = 'deploy/helm/values.yaml'

describe('check-chart', () => {
  it('passes the chart as committed', () => {
    const { status, output } = check()
    expect(output).toMatch(/ok: .* 10 roles of 2\+ pods with budgets, grace 30 s/)
    expect(status).toBe(0)
  })

  it.each([
    [
      'a role below the replicas the test ran',
      () => edit(VALUES, '  worker:\n    replicas: 2', '  worker:\n    replicas: 1'),
      /projects\.worker\.replicas is 1; the replicas test ran 2/,
    ],
    [
      'a test running more replicas than the chart',
      () => edit('tests/integration/src/replicas.test.ts', "REPLICAS: '2'", "REPLICAS: '3'"),
      /gateway\.server\.replicas is 2; the replicas test ran 3/,
    ],
    [
      'a second repository pod',
      () => edit(VALUES, '  repository:\n    replicas: 1', '  repository:\n    replicas: 2'),
      /projects\.repository\.replicas must stay 1/,
    ],
    [
      'budgets for single pods as well',
      () => edit(HELPERS, 'ge (int $pods) 2', 'ge (int $pods) 1'),
      /gitlab-suite\.pdb must render for every role of 2 pods or more/,
    ],
    [
      'a probe path the gateway does not serve',
      () => edit(HELPERS, '"path" "/-/readiness"', '"path" "/-/ready"'),
      /the gateway does not serve the probe path \/-\/ready/,
    ],
    [
      'a probe on a port no container names',
      () =>
        edit(
          HELPERS,
          '"path" "/-/liveness" "port" "metrics"',
          '"path" "/-/liveness" "port" "admin"',
        ),
      /a probe asks port admin/,
    ],
    [
      'the internal secret for some roles only',
      () =>
        edit(
          HELPERS,
          '{{ include "gitlab-suite.secretEnv" (dict "root" $root "setting" "internalApiSecret"',
          '{{- if .secrets }}{{ include "gitlab-suite.secretEnv" (dict "root" $root "setting" "internalApiSecret"',
        ),
      /gitlab-suite\.env must give every role INTERNAL_API_SECRET/,
    ],
    [
      'a grace period shorter than preStop plus shutdown',
      () => edit(HELPERS, 'terminationGracePeriodSeconds: 30', 'terminationGracePeriodSeconds: 20'),
      /terminationGracePeriodSeconds 20 must exceed preStop 5 s \+ shutdown 15 s/,
    ],
    [
      'PgBouncer on by default',
      () => edit(VALUES, 'pgbouncer:\n  enabled: false', 'pgbouncer:\n  enabled: true'),
      /pgbouncer\.enabled must default to false/,
    ],
    [
      'PgBouncer in session pooling',
      () => edit(HELPERS, 'pool_mode = transaction', 'pool_mode = session'),
      /pool_mode = transaction/,
    ],
    [
      'a role without its PgBouncer alias',
      () => edit(HELPERS, ' "alerting/worker" | toJson', ' | toJson'),
      /gitlab-suite\.pooledRoles lists .* but the chart renders/,
    ],
    [
      'pooled roles without DATABASE_DIRECT_URL',
      () => edit(HELPERS, 'ternary "DATABASE_DIRECT_URL"', 'ternary "DATABASE_URL"'),
      /DATABASE_DIRECT_URL direct/,
    ],
    [
      "a PgBouncer statement timeout other than the runtime's",
      () => edit(HELPERS, '}}300000{{', '}}30000{{'),
      /gives worker 30000; statementTimeoutFor says 300000/,
    ],
  ])('fails on %s', (_, change, problem) => {
    change()
    const { status, output } = check()
    expect(output).toMatch(problem)
    expect(status).toBe(1)
  })
})
