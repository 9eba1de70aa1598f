import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * The journeys run against the stack as `npm start` starts it, on ports of their own;
 * `E2E_PORT_OFFSET` moves them all, so that two checkouts can run their journeys side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const ports = {
  storefront: 3300 + offset,
  api: 4300 + offset,
  sandbox: 4400 + offset,
  smtp: 2925 + offset,
};
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey runs the whole stack and a browser on the same machine (two cores in CI).
  timeout: 60_000,
  // A step waits for what a shopper would wait for: a page, a round trip or two to the API.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${ports.storefront}`,
    // Recording a trace takes about a third of a journey's time on two cores: CI keeps none
    // (a failure still leaves its page snapshot in test-results); locally failures keep theirs.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    cwd: root,
    url: `http://127.0.0.1:${ports.storefront}/api/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      PORT: String(ports.storefront),
      API_PORT: String(ports.api),
      SANDBOX_PORT: String(ports.sandbox),
      SANDBOX_SMTP_PORT: String(ports.smtp),
      DATA_DIR: `${root}data/e2e${offset ? `-${offset}` : ''}`,
      LOG_LEVEL: 'warn',
    },
  },
});
