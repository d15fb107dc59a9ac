import { ENV_NAMES } from "~/utils/env.server";

// Tests are hermetic: a variable set in the developer's shell (SETUP_CODE, ADMIN_TWO_FACTOR, as
// README suggests for automated installs) must not change what they see. Every variable the app
// reads is cleared before any test module loads; a test that needs one sets it itself.
// Kept: TEST_DATABASE_URL, FUZZ_RUNS and FUZZ_STATS (knobs of the test run, not of the app), and
// the PG* variables (how this machine reaches its PostgreSQL server).
const READ_OUTSIDE_THE_PARSED_ENV = [
  "RIFQ_RATE_LIMIT", // app/models/rate-limits.server.ts
  "BUILD_DIR", // app/utils/critical-css.server.ts
];

for (const name of [...ENV_NAMES, ...READ_OUTSIDE_THE_PARSED_ENV]) delete process.env[name];
process.env.NODE_ENV = "test";
