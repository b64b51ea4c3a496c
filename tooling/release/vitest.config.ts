// The release stage of `npm test` (tooling/devstack/test-all.ts), after the build: the tests that run
// what `npm run build` left in release/. Not in the unit stage, which runs before any build.
// (Not mergeConfig: it would add this include to the base's instead of replacing it.)
import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tooling/release/**/*.release.ts"],
    // One file at a time: each starts several built servers, and side by side on a small machine a
    // server's start-up outlasted its wait.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
