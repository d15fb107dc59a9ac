import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // The embedded database as production runs it (package.json `start`, docs/decisions/059): its
    // WebAssembly compiled once by V8's baseline compiler, without the optimizing tier.
    execArgv: ["--liftoff-only"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/setup/hermetic-env.ts", "tests/setup/fail-on-unexpected-logs.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: [
            "tests/setup/hermetic-env.ts",
            "tests/setup/fail-on-unexpected-logs.ts",
            "tests/setup/database.ts",
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
