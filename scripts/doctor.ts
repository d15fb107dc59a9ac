// `npm run doctor`: checks this server as `ghost doctor` does — Node, DATA_DIR, the database and
// its migrations, SMTP (no mail sent), storage, SITE_URL, and the site through its proxy — and
// prints what to fix, in Arabic and English. Exit code 1 when a check failed (docs/decisions/077).
import { closeDatabase } from "~/models/database.server";
import { formatDoctorReport, runDoctor, serverProbes } from "~/services/doctor.server";
import { getEnv } from "~/utils/env.server";

const results = await runDoctor(getEnv(), serverProbes());
console.log(formatDoctorReport(results));
if (getEnv().DATABASE_URL) await closeDatabase().catch(() => {});
process.exit(results.every((result) => result.ok) ? 0 : 1);
