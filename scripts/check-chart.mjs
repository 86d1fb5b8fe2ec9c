#!/usr/bin/env node
// Static checks of deploy/helm, for CI machines where no helm binary can be installed. They do
// not render the templates; they check what can be checked without Helm:
// - Chart.yaml, values.yaml and ci/*.yaml are valid YAML (no duplicate keys);
// - values.yaml plus each ci/*.yaml validates against values.schema.json; values.yaml alone is
//   rejected exactly for the settings an install must give; known-bad values are rejected;
// - the services of packages/runtime/src/services.ts, the service blocks of values.yaml and
//   templates/<service>.yaml match, role by role; every role a template renders is one the
//   container entrypoint (`suite <service> <role>`, packages/launcher) accepts;
// - templates: balanced {{ }} and if/range/with/define ... end, no tabs, every include names a
//   define, every define is used, every .Values path exists in values.yaml;
// - the Grafana dashboard is JSON with queries.
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
    'short encryption key': { encryptionKey: { value: 'short', existingSecret: { name: '' } } },
    'short internal API secret': {
      internalApiSecret: { value: 'short', existingSecret: { name: '' } },
    },
    'relative external URL': { externalUrl: 'gitlab.example.com' },
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
checkDashboard()

if (problems.length > 0) {
  process.stderr.write(`check-chart: ${problems.length} problem(s) in deploy/helm\n`)
  for (const problem of problems) process.stderr.write(`  ${problem}\n`)
  process.exit(1)
}
console.log(
  `check-chart: ${chart.name} ${chart.version} ok: ${services} services, ${templates.size} templates, ` +
    `values valid with ${ciFiles} ci file(s), schema rejects ${rejected} bad values`,
)
