// Run with tsx before the shared e2e server starts: creates the fixture accounts in DATA_DIR.
import { createAccountAsSystem, createFirstAdmin } from "~/models/users.server";
import { ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import { insertE2eEvents } from "./events";
import { ACCOUNTS } from "./fixtures";

await ensureDatabaseReady();
await createFirstAdmin(ACCOUNTS.admin);
await createAccountAsSystem({ ...ACCOUNTS.editor, role: "editor" });
await createAccountAsSystem({ ...ACCOUNTS.viewer, role: "viewer" });
// The published events every spec may open (docs/decisions/052).
await insertE2eEvents(getDatabaseHandle().db);
await getDatabaseHandle().close();
