// Adds the bench's viewer account (bench/bench-accounts.js) to DATA_DIR: `seedDemo` (bench/server.js)
// runs it after the demo content, so every bench server has a signed-in reader to ask pages as
// (a viewer's public page is kept for every viewer: docs/decisions/096).
import { createAccountAsSystem } from "../app/models/users.server";
import { ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { BENCH_VIEWER } from "./bench-accounts.js";

await ensureDatabaseReady();
await createAccountAsSystem({ ...BENCH_VIEWER, role: "viewer" });
await getDatabaseHandle().close();
