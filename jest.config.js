// The tests run on the Node.js the project pins, as the device does (server/tools/node-runtime.cjs).
require('./server/tools/node-runtime.cjs').assertPinnedNode('jest');

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

// Packages that ship only ES modules (node-opcua since 2.183, cookie, content-disposition): the
// tests require() them as the device does (Node.js 24's require(esm)). jest's own module loader
// does that on Node.js 24.9+ only with vm modules, so every test process gets the flag: the
// workers through NODE_OPTIONS (set here, before jest starts them), and jest always uses workers
// (workerIdleMemoryLimit below: with it jest never runs the tests in its own process).
const VM_MODULES = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS ?? '', ...VM_MODULES.filter((f) => !(process.env.NODE_OPTIONS ?? '').includes(f))].join(' ').trim();

// The one test that hashes at the device's password cost (the others: test/support/password-cost.ts).
const REAL_PASSWORD_COST = 'test/server/password-hashing.test.ts';

module.exports = {
  // A test waits at most a minute: with a worker on each of CI's two cores, a component test that
  // types into several fields took over 30 s.
  testTimeout: 60000,
  // One worker per core. Jest's default keeps a core for itself (cores - 1): on CI's 2 cores that
  // was one worker and a 27-minute run; the main process only collects results (12.6 min with 2).
  maxWorkers: '100%',
  // Also: a worker whose memory stays above this once idle is replaced; and jest uses workers even
  // for one test file (above: the workers are the processes that have vm modules).
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/{unit,server}/**/*.test.ts'],
      testPathIgnorePatterns: [REAL_PASSWORD_COST],
      transform: { '^.+\\.[tj]sx?$': tsJest },
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
    },
    {
      displayName: 'component',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/component/**/*.test.tsx'],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/test/support/file-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/test/support/component-setup.ts'],
    },
  ],
};
