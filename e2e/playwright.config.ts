// End-to-end tests: the built app and the sandbox, started by global-setup on their own ports and
// database, driven in Debian's chromium (browsers cannot be downloaded here).
import { defineConfig } from "@playwright/test";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  outputDir: "../test-results",
  use: {
    baseURL: E2E_ENV.APP_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
