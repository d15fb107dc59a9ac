// Run with tsx before the shared e2e server starts: creates the fixture accounts, events and form in DATA_DIR.

import { eq } from "drizzle-orm";
import { createAccountAsSystem, createFirstAdmin } from "~/models/users.server";
import { ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import { builtForms } from "../../../database/schema";
import { createTestForm, insertTestAnswer } from "../../support/form-answers";
import { insertE2eEvents } from "./events";
import { ACCOUNTS, SEEDED_FORM_SLUG } from "./fixtures";

await ensureDatabaseReady();
await createFirstAdmin(ACCOUNTS.admin);
await createAccountAsSystem({ ...ACCOUNTS.editor, role: "editor" });
await createAccountAsSystem({ ...ACCOUNTS.viewer, role: "viewer" });
// The published events every spec may open (docs/decisions/052).
await insertE2eEvents(getDatabaseHandle().db);
// A request form with one answer (a photo) and its request: the staff screens of issue 36.
const form = await createTestForm({ title: "طلب زيارة منزلية" });
await getDatabaseHandle()
  .db.update(builtForms)
  .set({ slug: SEEDED_FORM_SLUG })
  .where(eq(builtForms.id, form.id));
// The photo only on local storage: specs on S3 seed before their bucket is up (deploy-proxy).
await insertTestAnswer({ formId: form.id, phone: "+966559876543", photo: !process.env.S3_BUCKET });
await getDatabaseHandle().close();
