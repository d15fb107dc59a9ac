import { defineConfig } from "vitest/config";

/** End-to-end specs: the built app on an empty data folder, driven in Debian's Chromium. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    // The specs drive the production build, some inside this process (in-process-server.ts):
    // React must be the production one from the first import on, as it is in the build.
    env: { NODE_ENV: "production" },
    // The node flags of package.json `start` that the in-process server needs (docs/decisions/059).
    execArgv: ["--liftoff-only"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    // A change shows in the browser; how fast is measured by the benches (bench/live.js), not
    // here: on a busy CI machine a second's poll failed specs that were right.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 120_000,
    // A real browser on a shared CI machine: a spec that fails once is run once more, and the
    // report names it (docs/decisions/082). A behaviour that is broken fails both times.
    retry: 1,
    hookTimeout: 180_000,
  },
});
