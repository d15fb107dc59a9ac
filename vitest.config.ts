import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
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
