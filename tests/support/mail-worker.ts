/**
 * A separate process that runs the mail queue until nothing is pending (the kill-and-resume and
 * two-worker tests spawn it with `tsx`). Its database is DATABASE_URL, or the PGlite folder in
 * DATA_DIR/db; its SMTP server SMTP_URL. MAIL_TEST_LEASE_MS shortens the leases so that a
 * restart after a kill takes over quickly; MAIL_TEST_BATCH sets the batch size.
 */
import { countPendingMail } from "~/models/mail-queue.server";
import { runMailQueueOnce } from "~/services/mail-queue.server";
import { ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import { closeMailer } from "~/utils/mailer.server";

const leaseMs = Number(process.env.MAIL_TEST_LEASE_MS ?? 1_000);
const batchSize = Number(process.env.MAIL_TEST_BATCH ?? 5);
const workerId = process.env.MAIL_TEST_WORKER ?? `worker-${process.pid}`;

await ensureDatabaseReady();
let sent = 0;
for (;;) {
  const pass = await runMailQueueOnce({
    workerId,
    batchSize,
    ratePerMinute: 1_000_000,
    claimLeaseMs: leaseMs,
    sendLeaseMs: leaseMs,
  });
  sent += pass.sent;
  if (pass.claimed === 0) {
    if ((await countPendingMail()) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
closeMailer();
await getDatabaseHandle().close();
process.stdout.write(`${JSON.stringify({ workerId, sent })}\n`);
