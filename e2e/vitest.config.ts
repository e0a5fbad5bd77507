import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["specs/**/*.test.ts"],
    globalSetup: ["global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time on a 2-core machine.
    fileParallelism: false,
    name: "e2e (chromium)",
  },
});
