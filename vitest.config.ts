// Unit and integration tests (`*.test.ts` beside the code). End-to-end specs live in e2e/ and run
// under Playwright. Integration tests get their database from tooling/testing/database.ts.
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React Server Components; tests are server code by definition.
      { find: /^server-only$/, replacement: `${root}/tooling/testing/server-only-stub.ts` },
    ],
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "release/**", "e2e/**", ".data/**"],
    environment: "node",
    setupFiles: ["tooling/testing/setup-zones.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
