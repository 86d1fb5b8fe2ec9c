// Import rules for ESLint's no-restricted-imports: the boundaries between services and packages,
// and the layer rules inside every service (and inside the repository role, which has the same
// folders under services/projects/src/repository). ESLint keeps only the last options given for a
// rule, so every config object below carries the boundary patterns plus its folder's own.
//
// A folder rule matches the import as written: a relative path naming a banned folder
// (`../store/x.js`, `../../rpc/to-proto.js`) or a banned package. Folders are named by their
// segment, so `domain/` anywhere under a service's src/ (src/domain, src/repository/domain) gets
// the domain rule. Import cycles, which no ESLint rule here can see, are found by
// scripts/check-imports.mjs.

export const SERVICES = [
  'gateway',
  'identity',
  'projects',
  'merge-requests',
  'ci-triggers',
  'alerting',
]

/** A relative import that names one of `folders` as a path segment. */
function folderRegex(folders) {
  return `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`
}

/** Services never import each other; packages never import services. */
function boundaryPatterns(service) {
  return [
    {
      group: SERVICES.filter((s) => s !== service).map((s) => `@suite/${s}`),
      message: 'proto/ is the only contract between services',
    },
    {
      group: ['**/services/*', '../../services/**', '../../../services/**'],
      message: 'do not reach into another package or service by path',
    },
  ]
}

const DOMAIN = [
  {
    regex: folderRegex(['rpc', 'store', 'clients', 'workers']),
    message:
      'the domain imports no rpc/, store/, clients/ or workers/: declare what it needs in domain/ports.ts',
  },
  {
    group: ['@suite/proto', '@suite/proto/*'],
    // The proto enums are the one home of access levels and member permissions (STYLE.md:
    // a level redefined per file drifts); messages stop at rpc/.
    allowImportNames: ['AccessLevel', 'MemberPermission'],
    message: 'no proto messages in the domain (types included): they stop at rpc/',
  },
  {
    group: ['kysely', 'kysely/*'],
    message: 'the domain does not touch Kysely: store/ is the only place that does',
  },
  {
    group: ['@grpc/grpc-js', '@grpc/grpc-js/*'],
    message: 'the domain knows no transport: gRPC stays in rpc/',
  },
  {
    group: ['express', 'express/*'],
    message: 'the domain knows no transport: Express stays in the gateway',
  },
]

const STORE = [
  {
    regex: folderRegex(['rpc', 'workers']),
    message: 'a store imports no workers/ or rpc/: they call the store, not the other way round',
  },
]

const MIGRATION_MESSAGE =
  "a migration imports no code of today's service but other migrations: freeze what it needs in the migration"

/** Anything outside migrations/ (`../store/x.js`), or the service's own package by name. */
function migrationPatterns(service) {
  return [
    { regex: '^\\.\\./', message: MIGRATION_MESSAGE },
    { group: [`@suite/${service}`, `@suite/${service}/*`], message: MIGRATION_MESSAGE },
  ]
}

/** The folders with rules of their own, as globs under a service's src/. */
export const LAYERS = {
  domain: { files: ['**/domain/**/*.ts'], patterns: () => DOMAIN },
  store: { files: ['**/store/**/*.ts'], patterns: () => STORE },
  migrations: { files: ['**/migrations/**/*.ts'], patterns: migrationPatterns },
}

/** Whether test files beside the code (`*.test.ts`, `*.db.test.ts`) follow their folder's layer
 * rule too. They do not: a domain test may wire the real store against PostgreSQL (a
 * `*.db.test.ts`); tests still keep the boundaries between services and packages. */
export const TESTS_FOLLOW_LAYER_RULES = false

function restrict(patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] }
}

/** Flat config objects: the boundaries of packages/ and each service, then each service's layers. */
export function importRuleConfigs() {
  return [
    { files: ['packages/**/*.ts'], rules: restrict(boundaryPatterns('none')) },
    ...SERVICES.flatMap((service) => [
      { files: [`services/${service}/**/*.ts`], rules: restrict(boundaryPatterns(service)) },
      ...Object.values(LAYERS).map((layer) => ({
        files: layer.files.map((glob) => `services/${service}/src/${glob}`),
        ...(TESTS_FOLLOW_LAYER_RULES ? {} : { ignores: ['**/*.test.ts'] }),
        rules: restrict([...boundaryPatterns(service), ...layer.patterns(service)]),
      })),
    ]),
  ]
}
