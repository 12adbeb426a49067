/** Two projects: node for contract, server and machine tests; jsdom for the console's components. */
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      isolatedModules: true,
      module: 'commonjs',
      moduleResolution: 'node10',
      ignoreDeprecations: '6.0',
      jsx: 'react-jsx',
      esModuleInterop: true,
      resolveJsonModule: true,
      allowJs: true,
      rootDir: __dirname,
    },
  },
];

// Packages that ship only ES modules; jest on Node 20 cannot require() them, so they are compiled.
const esmOnly = '/node_modules/(?!(content-disposition|cookie|hexy)/)';

// The one test that hashes at the device's password cost (the others: test/support/password-cost.ts).
const REAL_PASSWORD_COST = 'test/server/password-hashing.test.ts';

module.exports = {
  // A test waits at most a minute: with a worker on each of CI's two cores, a component test that
  // types into several fields took over 30 s.
  testTimeout: 60000,
  // One worker per core. Jest's default keeps a core for itself (cores - 1): on CI's 2 cores that
  // was one worker and a 27-minute run; the main process only collects results (12.6 min with 2).
  maxWorkers: '100%',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/{unit,server}/**/*.test.ts'],
      testPathIgnorePatterns: [REAL_PASSWORD_COST],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      transformIgnorePatterns: [esmOnly],
      // Hashes at a hundredth of the device's cost: scrypt was 40 of operation-log.test's 48 s.
      moduleNameMapper: { '^\\./password-cost$': '<rootDir>/test/support/password-cost.ts' },
    },
    {
      // The device's own password cost, and what it costs.
      displayName: 'node (device password cost)',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: [`<rootDir>/${REAL_PASSWORD_COST}`],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      transformIgnorePatterns: [esmOnly],
    },
    {
      displayName: 'component',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/component/**/*.test.tsx'],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      transformIgnorePatterns: [esmOnly],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/test/support/file-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/test/support/component-setup.ts'],
    },
  ],
};
