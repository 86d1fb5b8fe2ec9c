// Unit tests sit beside the code; integration tests drive the real suite.
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
}
const moduleNameMapper = {
  '^@suite/(proto|runtime)$': '<rootDir>/packages/$1/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
}

export default {
  // Two cores: the suite's processes need one of them.
  maxWorkers: 2,
  // A per-project testTimeout is ignored; integration tests drive git and workers.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/packages/*/src/**/*.test.ts', '<rootDir>/services/*/src/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/tests/integration/src/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/integration/src/global-setup.ts',
      globalTeardown: '<rootDir>/tests/integration/src/global-teardown.ts',
    },
  ],
}
