import { defineConfig, devices } from '@playwright/test'

/** Ports come from scripts/test.mjs (free ones); these defaults serve a plain `npx playwright test`. */
const port = Number(process.env.E2E_PORT ?? 4101)
const emptyPort = Number(process.env.E2E_EMPTY_PORT ?? 4102)

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Limits for a hang, not speed gates: a 2-core CI machine running two browsers, two servers and axe reads each
  // screen at half the speed of a quiet one, and a journey of many screens passed 30 s there without anything wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium-mobile', testIgnore: /(lighthouse|termos-aceitacao|admin(-[a-z]+)?)\.spec\.ts$/ },
    // The back-office changes what the customer's journeys read (news published, a store paused): it runs once they
    // are done.
    { name: 'back-office', testMatch: /admin(-[a-z]+)?\.spec\.ts$/, dependencies: ['chromium-mobile'] },
    // A relevant new version of the terms asks every customer already signed up to accept it: once the others are done.
    { name: 'termos', testMatch: /termos-aceitacao\.spec\.ts$/, dependencies: ['back-office'] },
    // Lighthouse measures CPU time: it runs once the journeys are done, one page at a time.
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts$/, dependencies: ['termos'], fullyParallel: false },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${port} demo`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      // A first seed on a machine encodes the demo images (node_modules/.cache/balcao-images keeps them after).
      timeout: 180_000,
    },
    {
      command: `node scripts/e2e-server.mjs ${emptyPort} empty`,
      url: `http://127.0.0.1:${emptyPort}/api/health`,
      reuseExistingServer: false,
      // A first seed on a machine encodes the demo images (node_modules/.cache/balcao-images keeps them after).
      timeout: 180_000,
    },
  ],
})
