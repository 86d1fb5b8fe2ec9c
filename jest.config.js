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
// `npm test` runs them in a second jest run of their own, one at a time.
const RESILIENCE = '/tests/integration/src/(resilience-[^/]*|route-fuzz)\\.test\\.ts$'

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
      testPathIgnorePatterns: ['/node_modules/', RESILIENCE],
    },
    {
      ...integration,
      displayName: 'resilience',
      testRegex: RESILIENCE,
    },
  ],
}
