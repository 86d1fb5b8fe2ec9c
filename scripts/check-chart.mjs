#!/usr/bin/env node
// Static checks of deploy/helm, for CI machines where no helm binary can be installed. They do
// not render the templates; they check what can be checked without Helm:
// - Chart.yaml, values.yaml and ci/*.yaml are valid YAML (no duplicate keys);
// - values.yaml plus each ci/*.yaml validates against values.schema.json; values.yaml alone is
//   rejected exactly for the settings an install must give; known-bad values are rejected;
// - the services of packages/runtime/src/services.ts, the service blocks of values.yaml and
//   templates/<service>.yaml match, role by role, and so do database.services (one own database
//   per service, its Secret key the service's <SERVICE>_DATABASE_URL); every role a template renders is one the
//   container entrypoint (`suite <service> <role>`, packages/launcher) accepts;
// - templates: balanced {{ }} and if/range/with/define ... end, no tabs, every include names a
//   define, every define is used, every .Values path exists in values.yaml;
// - the Grafana dashboard is JSON with queries;
// - the defaults are the tested topology (issue 28 point 8): every role
//   tests/integration/src/replicas.test.ts runs twice has at least that many replicas (the
//   repository role excepted, with its reason documented), a minAvailable budget renders for
//   every role of two pods or more, probes ask paths and ports the processes serve, every role
//   gets INTERNAL_API_SECRET, the grace period covers preStop plus the runtime's shutdown cap,
//   and the PgBouncer option pools in transaction mode with one alias per rendered role,
//   DATABASE_DIRECT_URL beside it and statement timeouts from the runtime's statementTimeoutFor.
// Exits 1 listing every problem; prints one line on success.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import Ajv from 'ajv'
import { parseDocument } from 'yaml'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const CHART = join(ROOT, 'deploy/helm')
const TEMPLATES = join(CHART, 'templates')
const SHARED_TEMPLATES = [
  'migrations-job.yaml',
  'secrets.yaml',
  'servicemonitor.yaml',
  'dashboard.yaml',
  'pgbouncer.yaml',
]
const OTHER_TEMPLATE_FILES = [
  '_helpers.tpl',
  'NOTES.txt',
  'prometheusrule.yaml',
  'tests/api-test.yaml',
]
const ROLES = ['server', 'worker', 'repository']
// What values.yaml leaves empty on purpose: an install must give these.
const REQUIRED_SETTINGS = ['externalUrl', 'database', 'redis', 'encryptionKey']

const problems = []
const fail = (file, message) => problems.push(`${relative(ROOT, file)}: ${message}`)
const read = (file) => readFileSync(file, 'utf8')
const camelCase = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())
const kebabCase = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)

function parseYaml(file) {
  const doc = parseDocument(read(file), { uniqueKeys: true })
  for (const error of [...doc.errors, ...doc.warnings])
    fail(file, error.message.split('\n')[0].replace(/:$/, ''))
  return doc.toJS() ?? {}
}

/** Helm's coalescing: maps merge, null deletes, anything else replaces. */
function coalesce(base, override) {
  if (!isObject(base) || !isObject(override)) return override
  const out = { ...base }
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete out[key]
    else out[key] = coalesce(base[key], value)
  }
  return out
}

function checkChartYaml() {
  const file = join(CHART, 'Chart.yaml')
  const chart = parseYaml(file)
  if (chart.apiVersion !== 'v2') fail(file, 'apiVersion must be v2')
  if (chart.name !== 'gitlab-suite') fail(file, 'name must be gitlab-suite')
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(String(chart.version))) fail(file, 'version is not SemVer')
  if (typeof chart.appVersion !== 'string') fail(file, 'appVersion must be a quoted string')
  return chart
}

function checkValues(values) {
  const schemaFile = join(CHART, 'values.schema.json')
  let validate
  try {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true })
    validate = ajv.compile(JSON.parse(read(schemaFile)))
  } catch (error) {
    fail(schemaFile, `not a valid schema: ${error.message}`)
    return { ciFiles: 0, rejected: 0 }
  }
  const errorsOf = (candidate) => (validate(candidate) ? [] : validate.errors)
  const describe = (errors) =>
    errors
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ')

  const ciDir = join(CHART, 'ci')
  const ciFiles = existsSync(ciDir) ? readdirSync(ciDir).filter((f) => f.endsWith('.yaml')) : []
  if (ciFiles.length === 0) fail(ciDir, 'no ci/*.yaml values files to validate a complete install')
  let complete
  for (const name of ciFiles) {
    const file = join(ciDir, name)
    const merged = coalesce(values, parseYaml(file))
    const errors = errorsOf(merged)
    if (errors.length > 0)
      fail(file, `values.yaml + this file fail the schema: ${describe(errors)}`)
    if (name === 'all-enabled-values.yaml') complete = merged
  }

  const valuesFile = join(CHART, 'values.yaml')
  const missing = new Set(errorsOf(values).map((e) => e.instancePath.split('/')[1] ?? ''))
  for (const setting of REQUIRED_SETTINGS) {
    if (!missing.has(setting)) fail(valuesFile, `${setting} must be required (empty by default)`)
  }
  for (const setting of missing) {
    if (!REQUIRED_SETTINGS.includes(setting)) fail(valuesFile, `fails the schema at /${setting}`)
  }

  // Values the schema must turn away, each applied to the complete example.
  const bad = {
    'negative replicas': { identity: { server: { replicas: -1 } } },
    'fractional replicas': { mergeRequests: { worker: { replicas: 1.5 } } },
    'resources as a string': { alerting: { server: { resources: '1 cpu' } } },
    'unknown resource quantity': {
      gateway: { server: { resources: { limits: { cpu: 'lots' } } } },
    },
    'bad pull policy': { image: { pullPolicy: 'Sometimes' } },
    'empty image repository': { image: { repository: '' } },
    'misspelt service block': { mergeRequest: { server: { replicas: 1 } } },
    'unknown role': { identity: { worker: {} } },
    'sharded repository role': { projects: { repository: { replicas: 2 } } },
    'no database': { database: { url: '', existingSecret: { name: '' } } },
    "a service's database not on PostgreSQL": {
      database: { services: { projects: { url: 'mysql://db/projects' } } },
    },
    'a database for a service that is not one': {
      database: { services: { gateway: { url: 'postgres://db/gateway' } } },
    },
    'short encryption key': { encryptionKey: { value: 'short', existingSecret: { name: '' } } },
    'short internal API secret': {
      internalApiSecret: { value: 'short', existingSecret: { name: '' } },
    },
    'relative external URL': { externalUrl: 'gitlab.example.com' },
    'queue prefix with a colon': { queuePrefix: 'suite:a' },
    'installation id with a space': { installationId: 'tenant a' },
    'PgBouncer with a database from an existing Secret': {
      database: { url: '', existingSecret: { name: 'suite-database' } },
    },
    "PgBouncer with a service's database from an existing Secret": {
      database: { services: { identity: { existingSecret: { name: 'suite-identity' } } } },
    },
    'PgBouncer with a TLS CA for the services': {
      database: { tls: { caSecret: { name: 'postgres-ca' } } },
    },
    'PgBouncer with a percent-encoded password': {
      database: { url: 'postgres://suite:p%40ss@postgres.example.internal/gitlab_suite' },
    },
    'PgBouncer without an image tag': { pgbouncer: { image: { tag: '' } } },
  }
  let rejected = 0
  if (complete) {
    for (const [what, patch] of Object.entries(bad)) {
      if (errorsOf(coalesce(complete, patch)).length === 0) fail(schemaFile, `accepts ${what}`)
      else rejected += 1
    }
  } else {
    fail(ciDir, 'all-enabled-values.yaml is missing')
  }
  return { ciFiles: ciFiles.length, rejected }
}

/** Services of DOMAIN_SERVICES (from the built runtime: npm test builds first). */
async function runtimeServices() {
  const file = join(ROOT, 'packages/runtime/dist/services.js')
  if (!existsSync(file)) {
    fail(file, 'missing: run `npm run build` first')
    return []
  }
  const { DOMAIN_SERVICES } = await import(file)
  if (DOMAIN_SERVICES.length === 0) fail(file, 'found no services in DOMAIN_SERVICES')
  return DOMAIN_SERVICES
}

/**
 * The roles the launcher runs for each service (its rolesOf: server, migrate and the service's
 * extra roles; the gateway takes none, `gateway server` included), from the built launcher.
 */
async function launcherRoles(domainServices) {
  const file = join(ROOT, 'packages/launcher/dist/args.js')
  if (!existsSync(file)) {
    fail(file, 'missing: run `npm run build` first')
    return new Map()
  }
  const { rolesOf } = await import(file)
  const roles = new Map(domainServices.map((info) => [info.name, rolesOf(info)]))
  roles.set('gateway', ['server'])
  // The migrations Job runs `suite migrate`: every service's migrations.
  roles.set('migrations', ['migrate'])
  return roles
}

/** Every `"service" "<s>" "role" "<r>"` a template renders must be a role the launcher runs. */
function checkRenderedRoles(templates, roles) {
  for (const [name, source] of templates) {
    for (const match of source.matchAll(/"service" "([a-z-]+)" "role" "([a-z]+)"/g)) {
      const [, service, role] = match
      // PgBouncer's pod runs the pgbouncer image, not the suite's entrypoint.
      if (name === 'pgbouncer.yaml' && service === 'pgbouncer') continue
      const known = roles.get(service)
      if (!known)
        fail(join(TEMPLATES, name), `renders ${service}, which the launcher does not know`)
      else if (!known.includes(role)) {
        fail(
          join(TEMPLATES, name),
          `renders ${service} ${role}; the launcher runs ${known.join(', ')}`,
        )
      }
    }
  }
}

function checkServices(values, domainServiceInfos, templates) {
  const domainServices = domainServiceInfos.map((info) => info.name)
  const expected = ['gateway', ...domainServices]
  const blocks = Object.keys(values).filter(
    (key) => isObject(values[key]) && ROLES.some((role) => isObject(values[key][role])),
  )
  const valuesFile = join(CHART, 'values.yaml')
  for (const service of expected) {
    if (!blocks.includes(camelCase(service))) fail(valuesFile, `no block ${camelCase(service)}:`)
  }
  for (const block of blocks) {
    const service = kebabCase(block)
    const file = join(TEMPLATES, `${service}.yaml`)
    if (!expected.includes(service)) fail(valuesFile, `${block} is not a service of the suite`)
    if (!templates.has(`${service}.yaml`)) {
      fail(file, `missing: values.yaml has a ${block} block`)
      continue
    }
    const source = templates.get(`${service}.yaml`)
    const used = new Set(
      [...source.matchAll(new RegExp(`\\.Values\\.${block}\\.(\\w+)`, 'g'))].map((m) => m[1]),
    )
    for (const role of ROLES) {
      const declared = isObject(values[block][role])
      if (declared && !used.has(role)) fail(file, `does not render ${block}.${role}`)
      if (!declared && used.has(role)) fail(file, `renders ${block}.${role}, absent from values`)
    }
  }
  for (const name of templates.keys()) {
    if (SHARED_TEMPLATES.includes(name) || OTHER_TEMPLATE_FILES.includes(name)) continue
    if (!blocks.includes(camelCase(basename(name, '.yaml')))) {
      fail(join(TEMPLATES, name), 'no service block in values.yaml for this file')
    }
  }
  for (const name of SHARED_TEMPLATES) {
    if (!templates.has(name)) fail(join(TEMPLATES, name), 'missing')
  }
  // database.services: one own database per service that has a schema, under its variable.
  const own = values.database?.services ?? {}
  const withData = domainServiceInfos.filter((info) => info.schema)
  const expectedOwn = withData.map((info) => camelCase(info.name))
  if (Object.keys(own).join() !== expectedOwn.join()) {
    fail(valuesFile, `database.services lists ${Object.keys(own)} but the suite has ${expectedOwn}`)
  }
  for (const info of withData) {
    const variable = `${info.name.replace(/-/g, '_').toUpperCase()}_DATABASE_URL`
    const key = own[camelCase(info.name)]?.existingSecret?.key
    if (key !== undefined && key !== variable) {
      fail(valuesFile, `database.services.${camelCase(info.name)}.existingSecret.key: ${variable}`)
    }
  }
  // The env helper gives every role each service's address; its list must be the suite's.
  const helpers = templates.get('_helpers.tpl') ?? ''
  const listed = helpers.match(/range \$service := list ((?:"[a-z-]+" ?)+)/)
  const addressed = listed ? [...listed[1].matchAll(/"([a-z-]+)"/g)].map((m) => m[1]) : []
  if (addressed.join() !== domainServices.join()) {
    fail(
      join(TEMPLATES, '_helpers.tpl'),
      `addresses ${addressed} but the suite has ${domainServices}`,
    )
  }
  return expected.length
}

/** Actions ({{ }}) of a template, with their line; comments are dropped. */
function actionsOf(file, source) {
  const actions = []
  let at = 0
  const lineAt = (index) => source.slice(0, index).split('\n').length
  for (;;) {
    const open = source.indexOf('{{', at)
    const stray = source.indexOf('}}', at)
    if (stray !== -1 && (open === -1 || stray < open)) {
      fail(file, `line ${lineAt(stray)}: "}}" without "{{"`)
      at = stray + 2
      continue
    }
    if (open === -1) return actions
    const comment = /^\{\{-? ?\/\*/.exec(source.slice(open, open + 6))
    const close = comment
      ? source.indexOf('}}', source.indexOf('*/', open) + 2)
      : source.indexOf('}}', open + 2)
    const nested = source.indexOf('{{', open + 2)
    if (close === -1 || (!comment && nested !== -1 && nested < close)) {
      fail(file, `line ${lineAt(open)}: "{{" is not closed`)
      return actions
    }
    const text = source.slice(open, close + 2)
    if (/^\{\{-\S/.test(text) || /\S-\}\}$/.test(text)) {
      fail(file, `line ${lineAt(open)}: a trim marker needs a space: ${text.slice(0, 40)}`)
    }
    if (!comment)
      actions.push({ line: lineAt(open), body: text.replace(/^\{\{-?|-?\}\}$/g, '').trim() })
    at = close + 2
  }
}

function checkTemplate(file, source, defines, includes, valuePaths) {
  const lines = source.split('\n')
  lines.forEach((line, i) => {
    if (line.includes('\t')) fail(file, `line ${i + 1}: tab`)
    if (/\s$/.test(line)) fail(file, `line ${i + 1}: trailing whitespace`)
    if (!line.includes('{{') && /^( *)/.exec(line)[1].length % 2 === 1) {
      fail(file, `line ${i + 1}: odd indentation`)
    }
  })
  const stack = []
  for (const { line, body } of actionsOf(file, source)) {
    const word = body.split(/\s+/)[0]
    if (['if', 'range', 'with', 'define', 'block'].includes(word)) stack.push({ word, line })
    else if (word === 'else' && !['if', 'range', 'with'].includes(stack.at(-1)?.word)) {
      fail(file, `line ${line}: else outside if/range/with`)
    } else if (word === 'end' && !stack.pop()) fail(file, `line ${line}: end without a block`)
    const define = /^define "([^"]+)"/.exec(body)
    if (define) {
      if (defines.has(define[1])) fail(file, `line ${line}: ${define[1]} defined twice`)
      defines.add(define[1])
    }
    for (const m of body.matchAll(/\b(?:include|template) "([^"]+)"/g)) includes.add(m[1])
    for (const m of body.matchAll(/\.Values((?:\.\w+)+)/g))
      valuePaths.push({ file, line, path: m[1] })
  }
  for (const open of stack) fail(file, `line ${open.line}: ${open.word} is never closed`)
}

function checkTemplates(values) {
  const templates = new Map()
  const names = readdirSync(TEMPLATES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(TEMPLATES, join(entry.parentPath, entry.name)))
    .sort()
  for (const name of names) templates.set(name, read(join(TEMPLATES, name)))
  const defines = new Set()
  const includes = new Set()
  const valuePaths = []
  for (const [name, source] of templates) {
    checkTemplate(join(TEMPLATES, name), source, defines, includes, valuePaths)
  }
  const helpers = join(TEMPLATES, '_helpers.tpl')
  for (const name of includes) if (!defines.has(name)) fail(helpers, `no define for ${name}`)
  for (const name of defines) if (!includes.has(name)) fail(helpers, `${name} is never used`)
  for (const { file, line, path } of valuePaths) {
    let node = values
    for (const key of path.slice(1).split('.')) {
      if (!isObject(node) || !(key in node)) {
        fail(file, `line ${line}: .Values${path} is not in values.yaml`)
        break
      }
      node = node[key]
    }
  }
  return templates
}

/** The text of `{{ define "<name>" }} ... {{ end }}` in the helpers, or '' when absent. */
function defineBody(helpers, name) {
  const start = helpers.indexOf(`define "${name}"`)
  if (start === -1) return ''
  const next = helpers.indexOf('{{- define "', start + 1)
  return helpers.slice(start, next === -1 ? undefined : next)
}

/** Whether `needle` in a template sits outside every if/range/with block of it. */
function unconditional(body, needle) {
  const at = body.indexOf(needle)
  if (at === -1) return false
  let depth = 0
  for (const m of body.slice(0, at).matchAll(/\{\{-?\s*(if|range|with|end)\b/g)) {
    depth += m[1] === 'end' ? -1 : 1
  }
  // defineBody starts after the define's own `{{`, so it does not count.
  return depth === 0
}

/**
 * The roles tests/integration/src/replicas.test.ts starts, and how many of each: the GRPC_SERVERS
 * and WORKERS lists it imports from support/suite-processes.ts, plus the gateway, all under
 * REPLICAS=<n>.
 */
function testedReplicas() {
  const file = join(ROOT, 'tests/integration/src/replicas.test.ts')
  const listsFile = join(ROOT, 'tests/integration/src/support/suite-processes.ts')
  for (const needed of [file, listsFile]) {
    if (!existsSync(needed)) {
      fail(needed, 'missing: the chart defaults follow what the replicas test runs')
      return { file, count: 0, roles: [] }
    }
  }
  const source = read(file)
  const lists = read(listsFile)
  const list = (name) => {
    if (
      !new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from './support/suite-processes'`).test(
        source,
      )
    )
      fail(file, `does not import ${name} from ./support/suite-processes`)
    const match = new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(lists)
    if (!match) fail(listsFile, `no ${name} list`)
    return match ? [...match[1].matchAll(/'([a-z-]+ [a-z]+)'/g)].map((m) => m[1]) : []
  }
  const count = Number(/REPLICAS: '(\d+)'/.exec(source)?.[1] ?? 0)
  if (count < 2) fail(file, 'found no REPLICAS of 2 or more')
  return { file, count, roles: [...list('GRPC_SERVERS'), ...list('WORKERS'), 'gateway server'] }
}

/**
 * Roles the chart runs as one pod although the replicas test ran more, each with the place that
 * says why. The repository role's StatefulSet gives each pod a volume of its own, and a shared
 * ReadWriteMany volume is untested.
 */
const SINGLE_POD_ROLES = { 'projects repository': 'docs/once-only-work.md' }

/**
 * Issue 28 point 8: the chart's defaults are the topology the tests ran. Replica counts, a
 * PodDisruptionBudget per multi-replica role, probes on what the processes serve, the internal
 * credential in every role, a grace period the shutdown fits in, and the PgBouncer option.
 */
function checkTopology(values, templates) {
  const valuesFile = join(CHART, 'values.yaml')
  const helpersFile = join(TEMPLATES, '_helpers.tpl')
  const helpers = templates.get('_helpers.tpl') ?? ''
  const tested = testedReplicas()
  const rendered = new Set()
  for (const [name, source] of templates) {
    if (!/include "gitlab-suite\.role"/.test(source)) continue
    for (const m of source.matchAll(/"service" "([a-z-]+)" "role" "([a-z]+)"/g)) {
      if (name === `${m[1]}.yaml`) rendered.add(`${m[1]} ${m[2]}`)
    }
  }
  let multi = 0
  for (const role of tested.roles) {
    const [service, name] = role.split(' ')
    const block = values[camelCase(service)]?.[name]
    if (!rendered.has(role)) fail(join(TEMPLATES, `${service}.yaml`), `does not render ${role}`)
    if (!isObject(block)) {
      fail(valuesFile, `no ${camelCase(service)}.${name}: ${relative(ROOT, tested.file)} runs it`)
      continue
    }
    const where = `${camelCase(service)}.${name}`
    if (SINGLE_POD_ROLES[role]) {
      if (block.replicas !== 1)
        fail(valuesFile, `${where}.replicas must stay 1 (see ${SINGLE_POD_ROLES[role]})`)
      const doc = join(ROOT, SINGLE_POD_ROLES[role])
      if (!existsSync(doc) || !/chart[^]*one pod[^]*ReadWriteMany/.test(read(doc)))
        fail(doc, `must say why ${role} runs one pod in the chart (and not on ReadWriteMany)`)
      continue
    }
    if (!(block.replicas >= tested.count)) {
      fail(
        valuesFile,
        `${where}.replicas is ${block.replicas}; the replicas test ran ${tested.count}`,
      )
    }
    if (block.autoscaling && !(block.autoscaling.minReplicas >= tested.count)) {
      fail(valuesFile, `${where}.autoscaling.minReplicas is below the tested ${tested.count}`)
    }
    multi += 1
  }

  // A PodDisruptionBudget (minAvailable) for each role of 2 or more pods, none for one pod.
  const budgets = values.podDisruptionBudgets ?? {}
  if (budgets.enabled !== true)
    fail(valuesFile, 'podDisruptionBudgets.enabled must default to true')
  if (budgets.minAvailable !== 1) fail(valuesFile, 'podDisruptionBudgets.minAvailable must be 1')
  const pdb = defineBody(helpers, 'gitlab-suite.pdb')
  if (
    !/kind: PodDisruptionBudget/.test(pdb) ||
    !/minAvailable: \{\{ \$budget\.minAvailable \}\}/.test(pdb)
  )
    fail(helpersFile, 'gitlab-suite.pdb must render a PodDisruptionBudget with minAvailable')
  if (!/ge \(int \$pods\) 2/.test(pdb))
    fail(
      helpersFile,
      'gitlab-suite.pdb must render for every role of 2 pods or more, and only those',
    )
  if (!unconditional(defineBody(helpers, 'gitlab-suite.role'), 'include "gitlab-suite.pdb"'))
    fail(helpersFile, 'gitlab-suite.role must include gitlab-suite.pdb for every role')

  // Probes: on every long-running pod, at ports and paths the processes serve.
  const podTemplate = defineBody(helpers, 'gitlab-suite.podTemplate')
  if (!/if ne \$kind "job" \}\}\s+ports:[^]*?include "gitlab-suite\.probes"/.test(podTemplate))
    fail(helpersFile, 'gitlab-suite.podTemplate must give every long-running role ports and probes')
  const probes = defineBody(helpers, 'gitlab-suite.probes')
  for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
    if (!probes.includes(`${probe}:`)) fail(helpersFile, `gitlab-suite.probes has no ${probe}`)
  const ports = defineBody(helpers, 'gitlab-suite.ports')
  const portNames = [...ports.matchAll(/- name: ([a-z]+)/g)].map((m) => m[1])
  const served = {
    gateway: read(join(ROOT, 'services/gateway/src/routes/health.routes.ts')),
    runtime: read(join(ROOT, 'packages/runtime/src/metrics.ts')),
  }
  for (const m of probes.matchAll(/"path" "([^"]+)" "port" "([a-z]+)"/g)) {
    const [, path, port] = m
    if (!portNames.includes(port))
      fail(helpersFile, `a probe asks port ${port}, which no container names`)
    if (!served.gateway.includes(`'${path}'`))
      fail(helpersFile, `the gateway does not serve the probe path ${path}`)
  }
  // Workers' probes are their liveness path on the runtime's metrics server.
  if (
    !/eq \$kind "worker" \}\}\s+\{\{- \$ready = \$live/.test(probes) ||
    !served.runtime.includes(`'/-/liveness'`)
  )
    fail(
      helpersFile,
      'workers must be probed on /-/liveness, which the runtime metrics server serves',
    )
  if (!/"grpc" \(dict "port" \(include "gitlab-suite\.grpcPort"/.test(probes))
    fail(
      helpersFile,
      'gRPC roles must be probed with the gRPC health service on gitlab-suite.grpcPort',
    )
  if (!read(join(ROOT, 'packages/runtime/src/grpc-server.ts')).includes('HealthImplementation'))
    fail(helpersFile, 'gRPC probes need the runtime to serve grpc.health.v1')
  const env = defineBody(helpers, 'gitlab-suite.env')
  if (
    !/- name: METRICS_PORT\s+value: \{\{ \$root\.Values\.metrics\.port/.test(env) ||
    !/containerPort: \{\{ \.root\.Values\.metrics\.port \}\}/.test(ports)
  )
    fail(
      helpersFile,
      'the metrics port the probes ask must be the METRICS_PORT the process listens on',
    )
  if (!/- name: GRPC_PORT\s+value: \{\{ include "gitlab-suite\.grpcPort"/.test(env))
    fail(helpersFile, 'GRPC_PORT must be the port the gRPC probes ask')

  // The internal credential: in every role's env, and in the release's Secret unless managed.
  if (!unconditional(podTemplate, 'include "gitlab-suite.env"'))
    fail(helpersFile, 'gitlab-suite.podTemplate must give every pod gitlab-suite.env')
  if (!unconditional(env, '"setting" "internalApiSecret" "name" "INTERNAL_API_SECRET"'))
    fail(helpersFile, 'gitlab-suite.env must give every role INTERNAL_API_SECRET')
  if (
    !/INTERNAL_API_SECRET: \{\{ include "gitlab-suite\.internalApiSecret"/.test(
      defineBody(helpers, 'gitlab-suite.secretData'),
    )
  )
    fail(helpersFile, "the release's Secret must hold INTERNAL_API_SECRET")

  // The grace period: the preStop pause, then the process's own shutdown cap (handleShutdown).
  const grace = Number(/terminationGracePeriodSeconds: (\d+)/.exec(podTemplate)?.[1] ?? 0)
  const pause = Number(/command: \["sleep", "(\d+)"\]/.exec(podTemplate)?.[1] ?? 0)
  const shutdownFile = join(ROOT, 'packages/runtime/src/shutdown.ts')
  const grpcFile = join(ROOT, 'packages/runtime/src/grpc-server.ts')
  const capMs = Number(
    (/graceMs = ([\d_]+)/.exec(read(shutdownFile))?.[1] ?? '0').replace(/_/g, ''),
  )
  const grpcMs = Number(
    (/shutdown\(graceMs = ([\d_]+)\)/.exec(read(grpcFile))?.[1] ?? '0').replace(/_/g, ''),
  )
  if (!capMs || !grpcMs) fail(shutdownFile, 'could not read the shutdown grace periods')
  if (grpcMs > capMs)
    fail(grpcFile, `the gRPC drain (${grpcMs} ms) outlasts the process cap (${capMs} ms)`)
  if (!(grace > pause + capMs / 1000)) {
    fail(
      helpersFile,
      `terminationGracePeriodSeconds ${grace} must exceed preStop ${pause} s + shutdown ${capMs / 1000} s`,
    )
  }
  checkPgBouncer(values, templates, tested, rendered)
  return { multi, grace }
}

/**
 * The PgBouncer option: off by default; on, a Deployment of as many pods as the tests ran of
 * every role, with a budget and probes, in transaction pooling with one alias per service role
 * whose connect_query sets that role's schema and statement timeout; each role's DATABASE_URL
 * goes through it and DATABASE_DIRECT_URL straight to the database.
 */
async function checkPgBouncerTimeouts(helpers) {
  const file = join(ROOT, 'packages/runtime/dist/service-main.js')
  if (!existsSync(file)) return fail(file, 'missing: run `npm run build` first')
  const { statementTimeoutFor } = await import(file)
  const body = defineBody(helpers, 'gitlab-suite.statementTimeoutMs')
  const worker = /if eq \.role "worker" \}\}(\d+)\{\{ else \}\}(\d+)\{\{ end/.exec(body)
  const chart = worker ? { worker: Number(worker[1]), other: Number(worker[2]) } : {}
  for (const role of ['server', 'worker', 'repository']) {
    const expected = statementTimeoutFor(role)
    const given = role === 'worker' ? chart.worker : chart.other
    if (given !== expected) {
      fail(
        join(TEMPLATES, '_helpers.tpl'),
        `gitlab-suite.statementTimeoutMs gives ${role} ${given}; statementTimeoutFor says ${expected}`,
      )
    }
  }
}

function checkPgBouncer(values, templates, tested, rendered) {
  const valuesFile = join(CHART, 'values.yaml')
  const file = join(TEMPLATES, 'pgbouncer.yaml')
  const helpersFile = join(TEMPLATES, '_helpers.tpl')
  const helpers = templates.get('_helpers.tpl') ?? ''
  const source = templates.get('pgbouncer.yaml') ?? ''
  const pgbouncer = values.pgbouncer ?? {}
  if (pgbouncer.enabled !== false) fail(valuesFile, 'pgbouncer.enabled must default to false')
  if (!(pgbouncer.replicas >= tested.count))
    fail(valuesFile, `pgbouncer.replicas must be at least ${tested.count}, as every tested role`)
  for (const [what, pattern] of [
    ['a Deployment', /kind: Deployment/],
    ['a Service', /kind: Service\n/],
    ['its PodDisruptionBudget', /include "gitlab-suite\.pdb" \$ctx/],
    [
      'readiness and liveness probes on its port',
      /livenessProbe:\s+tcpSocket:\s+port: pgbouncer[^]*readinessProbe:\s+tcpSocket:\s+port: pgbouncer/,
    ],
    ['the container port the probes ask', /- name: pgbouncer\s+containerPort: \{\{ \.port \}\}/],
    [
      'connect_query setting search_path and statement_timeout',
      /\$query := printf "SET search_path TO %s; SET statement_timeout = %s"[^]*connect_query='%s'" [^\n]*\$query\)/,
    ],
  ]) {
    if (!pattern.test(source)) fail(file, `must render ${what}`)
  }
  const ini = defineBody(helpers, 'gitlab-suite.pgbouncerIni')
  if (!/^pool_mode = transaction$/m.test(ini))
    fail(helpersFile, 'pgbouncer.ini: pool_mode = transaction')
  if (!/^max_prepared_statements = /m.test(ini))
    fail(helpersFile, 'pgbouncer.ini needs max_prepared_statements: the services name statements')
  // One alias per service role that holds a pool: every rendered role but the gateway.
  const listed = /list ((?:"[a-z-]+\/[a-z]+" ?)+)/.exec(
    defineBody(helpers, 'gitlab-suite.pooledRoles'),
  )
  const pooled = listed
    ? [...listed[1].matchAll(/"([a-z-]+)\/([a-z]+)"/g)].map((m) => `${m[1]} ${m[2]}`)
    : []
  const expected = [...rendered].filter((role) => !role.startsWith('gateway ')).sort()
  if (pooled.slice().sort().join() !== expected.join())
    fail(helpersFile, `gitlab-suite.pooledRoles lists ${pooled} but the chart renders ${expected}`)
  const database = defineBody(helpers, 'gitlab-suite.databaseEnv')
  if (
    !/ternary "DATABASE_DIRECT_URL" "DATABASE_URL" \$pooled/.test(database) ||
    !/- name: DATABASE_URL\s+valueFrom:[^]*pooledVariable/.test(database)
  )
    fail(
      helpersFile,
      'with PgBouncer a role needs DATABASE_URL through it and DATABASE_DIRECT_URL direct',
    )
  if (
    !/pooledVariable" \$role \}\}: \{\{ printf "postgres:\/\/%s@%s:%d\/%s"/.test(
      defineBody(helpers, 'gitlab-suite.secretData'),
    )
  )
    fail(helpersFile, "the release's Secret must hold each role's pooled URL")
}

function checkDashboard() {
  const file = join(CHART, 'dashboards/gitlab-suite.json')
  if (!existsSync(file)) return fail(file, 'missing (dashboard.yaml reads it)')
  try {
    const dashboard = JSON.parse(read(file))
    const panels = (dashboard.panels ?? []).filter((p) => p.type !== 'row')
    if (panels.length === 0) fail(file, 'no panels')
    for (const panel of panels) {
      if (!panel.targets?.length || panel.targets.some((t) => !t.expr)) {
        fail(file, `panel "${panel.title}" has no query`)
      }
    }
  } catch (error) {
    fail(file, `not JSON: ${error.message}`)
  }
}

const chart = checkChartYaml()
const values = parseYaml(join(CHART, 'values.yaml'))
const { ciFiles, rejected } = checkValues(values)
const templates = checkTemplates(values)
const domainServices = await runtimeServices()
const services = checkServices(values, domainServices, templates)
checkRenderedRoles(templates, await launcherRoles(domainServices))
const topology = checkTopology(values, templates)
await checkPgBouncerTimeouts(templates.get('_helpers.tpl') ?? '')
checkDashboard()

if (problems.length > 0) {
  process.stderr.write(`check-chart: ${problems.length} problem(s) in deploy/helm\n`)
  for (const problem of problems) process.stderr.write(`  ${problem}\n`)
  process.exit(1)
}
console.log(
  `check-chart: ${chart.name} ${chart.version} ok: ${services} services, ${templates.size} templates, ` +
    `values valid with ${ciFiles} ci file(s), schema rejects ${rejected} bad values, ` +
    `${topology.multi} roles of 2+ pods with budgets, grace ${topology.grace} s`,
)
