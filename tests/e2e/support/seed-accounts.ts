// Run with tsx before the shared e2e server starts: creates the fixture accounts in DATA_DIR.
import { createAccountAsSystem, createFirstAdmin } from "~/models/users.server";
import { ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import { ACCOUNTS } from "./fixtures";

await ensureDatabaseReady();
await createFirstAdmin(ACCOUNTS.admin);
await createAccountAsSystem({ ...ACCOUNTS.editor, role: "editor" });
await createAccountAsSystem({ ...ACCOUNTS.viewer, role: "viewer" });
await getDatabaseHandle().close();
