import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["specs/**/*.test.ts"],
    globalSetup: ["global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time on a 2-core machine.
    fileParallelism: false,
    // A browser test that fails is run once more; one that passes only then is listed at the end of
    // npm test (scripts/test-report.mjs) with its first error, so a race is seen, not hidden.
    retry: 1,
    name: "e2e (chromium)",
  },
});
