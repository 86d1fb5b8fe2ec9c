// Unit tests sit beside the code; integration tests drive the real suite.
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
}
// The lint rules and check scripts in scripts/ are ES modules (.mjs) that their tests import.
const scriptTransform = {
  '^.+\\.mjs$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
}
const moduleNameMapper = {
  '^@suite/(proto|runtime)$': '<rootDir>/packages/$1/src/index.ts',
  '^@suite/runtime/testing$': '<rootDir>/packages/runtime/src/testing/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
}
const integration = {
  testEnvironment: 'node',
  transform,
  moduleNameMapper,
  globalSetup: '<rootDir>/tests/integration/src/global-setup.ts',
  globalTeardown: '<rootDir>/tests/integration/src/global-teardown.ts',
}
// The resilience tests kill roles and freeze Redis under a fixed load and hold the suite to
// latency and recovery limits: beside other test files on two cores they measured the machine,
// not the suite. The route fuzz writes hostile input to every route as an admin with sudo:
// beside other test files it once revoked their users' tokens (`DELETE
// /personal_access_tokens/%207%20` is token 7, as in GitLab; its path segments now name no real
// id), and a fuzz of every route as an admin may find another such write, so it stays apart.
// The suites of many processes go there too: two of every role (replicas, and the connection
// budget at REPLICAS=2) or two installations at once open up to 80 PostgreSQL connections, and
// beside the shared suite's (up to 60 while other files run) they passed PostgreSQL's default
// max_connections of 100: a request then answered 503 (`too many clients`), in the suite or in
// another file. In the second run the shared suite is mostly idle.
// `npm test` runs them in a second jest run of their own, one at a time.
const RESILIENCE =
  '/tests/integration/src/(resilience-[^/]*|route-fuzz|replicas|connection-budget|installations-share-redis|once-only-work)\\.test\\.ts$'
// Issue 28 point 4: rolling SIGTERM restarts and kill -9 of one replica per role under 50
// requests/s, not reliable yet: of two runs on a quiet machine the second failed 216 requests in
// the rolling restart (README, "Replicas"). `npm run test:rolling` runs it; `npm test` does not.
const ROLLING = '/tests/integration/src/rolling-replicas\\.test\\.ts$'
// Issue 28 point 3, not met yet: the integration files again, against two of every role
// (REPLICAS=2), the requests alternating between the two gateways through a balancer
// (global-setup-replicas.ts). `npm run test:replicas` runs it; `npm test` does not yet: its
// first full run (1,259 s) failed 3 of 10,292 tests (two fixed since, one not reproduced), its
// second passed 10,294 of 10,294 in 596 s (README, "Two commands"); one green run is not a
// record, and it would add a third to a half to npm test's time.
// Left out: the files that do all their work in a private suite of one of every role, which
// they start to test their own topology (databases of their own, a traced request, limits set
// at start, kills mid-deletion); they run in the integration project, and beside the shared
// suite of 22 processes their suite would also press PostgreSQL's connection limit.
const PRIVATE_SUITES =
  '/tests/integration/src/(service-databases|tracing|tenant-limits|deletion-crash|project-deletion)\\.test\\.ts$'

export default {
  // Two cores: the suite's processes need one of them.
  maxWorkers: 2,
  // A per-project testTimeout is ignored; integration tests drive git and workers.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform: { ...transform, ...scriptTransform },
      moduleNameMapper,
      testMatch: [
        '<rootDir>/packages/*/src/**/*.test.ts',
        '<rootDir>/services/*/src/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.mjs',
      ],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...integration,
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/src/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', RESILIENCE, ROLLING],
    },
    {
      ...integration,
      displayName: 'integration-replicas',
      globalSetup: '<rootDir>/tests/integration/src/global-setup-replicas.ts',
      testMatch: ['<rootDir>/tests/integration/src/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', RESILIENCE, ROLLING, PRIVATE_SUITES],
    },
    {
      ...integration,
      displayName: 'resilience',
      testRegex: RESILIENCE,
    },
    {
      ...integration,
      displayName: 'rolling',
      testRegex: ROLLING,
    },
  ],
}
