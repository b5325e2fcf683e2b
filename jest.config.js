/** Jest runs the TypeScript sources as native ES modules (node --experimental-vm-modules), compiled by SWC. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.mjs'],
  testTimeout: 60_000,
  maxWorkers: 2,
  // A worker that has run many files holds on to their modules; past this it is replaced, not crashed.
  workerIdleMemoryLimit: '1536MB',
};
