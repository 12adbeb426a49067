import { defineConfig, devices } from '@playwright/test';

// The suite runs on the Node.js the project pins, as the device does (server/tools/node-runtime.cjs).
(require('./server/tools/node-runtime.cjs') as { assertPinnedNode(what: string): void }).assertPinnedNode('The browser suite');

/** The browser suite: the built console against the real device server, in Debian's Chromium
 * (never a downloaded browser). The server starts on a fresh data folder for every run. */
/** Each viewport gets a device of its own (a fresh data folder), so the desktop run's first-run
 * wizard and lockouts do not change what the tablet run meets. */
export const E2E_PORTS = { desktop: Number(process.env.E2E_PORT ?? 18080), tablet: Number(process.env.E2E_PORT ?? 18080) + 10 };
export const E2E_PASSWORD = 'E2e-Initial-Pass-1';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The two devices run side by side, each one test at a time (a device's specs share its state:
  // its wizard, lockouts, settings): two workers in all, one per project (below).
  workers: 2,
  retries: 0,
  reporter: [['list'], ['./test/support/playwright-summary-reporter.ts']],
  use: {
    launchOptions: chromium,
    // A failed test keeps its trace (actions, DOM snapshots, network) but no screencast: recording
    // every page's frames cost the 2-core CI machine more than the pages themselves (the WebView
    // page redraws 20 times a second), so tests timed out on the recording's account.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  // On each device the newcomer's journey runs first (it meets the first-run wizard and sets the
  // admin password the other specs sign in with); the other specs depend on it, so no order of
  // files can have one of them skip the wizard before the journey sees it.
  projects: (['desktop', 'tablet'] as const).flatMap((name) => {
    const use =
      name === 'desktop'
        ? { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${E2E_PORTS.desktop}`, viewport: { width: 1280, height: 800 }, launchOptions: chromium }
        : { baseURL: `http://127.0.0.1:${E2E_PORTS.tablet}`, viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: false, launchOptions: chromium };
    return [
      { name: `${name}-journey`, use, testMatch: /journey\.spec\.ts$/, workers: 1 },
      { name, use, testIgnore: /journey\.spec\.ts$/, dependencies: [`${name}-journey`], workers: 1 },
    ];
  }),
  webServer: (['desktop', 'tablet'] as const).map((name) => ({
    command: `rm -rf .e2e-data/${name} && node build/server/main.js`,
    url: `http://127.0.0.1:${E2E_PORTS[name]}/app/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORTS[name]),
      HTTPS_PORT: String(E2E_PORTS[name] + 1),
      HMI_DATA_DIR: `.e2e-data/${name}`,
      HMI_INITIAL_PASSWORD: E2E_PASSWORD,
      LOG_LEVEL: 'warn',
      // The OS update's simulated reboot: long enough to be seen, short enough for the suite.
      HMI_OS_REBOOT_S: '4',
      // The simulated panel holds the SECS/GEM licence, so the Features menu shows SECS/GEM.
      HMI_SECS_LICENSE: 'true',
      // Touch calibration: the journey plays the panel's touches with the simulate-touch call.
      HMI_SIMULATE_TOUCH: '1',
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
