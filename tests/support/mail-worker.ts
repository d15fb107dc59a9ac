/**
 * A separate process that runs the server's mail-queue job (heartbeat, leases, graceful stop:
 * server/jobs/mail-queue.ts) until nothing is pending (the crash tests spawn it with `tsx`). Its
 * database is DATABASE_URL, or the PGlite folder in DATA_DIR/db; its SMTP server SMTP_URL. The
 * leases and pauses are the server's own unless MAIL_TEST_LEASE_MS / MAIL_TEST_IDLE_MS say
 * otherwise; MAIL_TEST_BATCH sets the batch size. SIGTERM stops it as the server stops.
 */
import { startDueCampaigns } from "~/models/campaigns.server";
import { countPendingMail } from "~/models/mail-queue.server";
import { ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import { closeMailer } from "~/utils/mailer.server";
import { MAIL_QUEUE_IDLE_MS, startMailQueue } from "../../server/jobs/mail-queue";

const numberOr = (value: string | undefined, fallback: number) =>
  value ? Number(value) : fallback;
const leaseMs = numberOr(process.env.MAIL_TEST_LEASE_MS, 20_000);
const workerId = process.env.MAIL_TEST_WORKER ?? `worker-${process.pid}`;

await ensureDatabaseReady();
// The campaign queues its rows now, so that "nothing pending" below means the campaign is done.
await startDueCampaigns(new Date());
const job = startMailQueue({
  workerId,
  batchSize: numberOr(process.env.MAIL_TEST_BATCH, 5),
  idleMs: numberOr(process.env.MAIL_TEST_IDLE_MS, MAIL_QUEUE_IDLE_MS),
  leaseMs,
  heartbeatMs: leaseMs / 4,
  ratePerMinute: 1_000_000,
});

let finishing = false;
async function finish(reason: string) {
  finishing = true;
  await job.stop();
  closeMailer();
  await getDatabaseHandle().close();
  process.stdout.write(`${JSON.stringify({ workerId, reason })}\n`);
  process.exit(0);
}
process.on("SIGTERM", () => void finish("stopped"));

while (!finishing) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (!finishing && (await countPendingMail()) === 0) await finish("done");
}
