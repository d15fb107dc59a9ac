/**
 * The two steps of `npm run bench:newsletter` (bench/newsletter-send.js), each in a process of its
 * own: `seed` writes SUBSCRIBERS confirmed subscribers and a campaign due now into the PGlite
 * folder in DATA_DIR/db (or DATABASE_URL); `send` runs the mail queue until nothing is pending and
 * prints one JSON line: time, messages, CPU and memory of this process (VmHWM, and the resident
 * size sampled as it went, to show it stays flat).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { countPendingMail } from "~/models/mail-queue.server";
import { runMailQueueOnce } from "~/services/mail-delivery.server";
import { db, ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import { closeMailer } from "~/utils/mailer.server";
import { newsletterCampaigns, newsletterSubscribers } from "../database/schema";

const step = process.argv[2];
const COUNT = Number(process.env.SUBSCRIBERS ?? 10_000);
const memory = (field: "VmHWM" | "VmRSS") =>
  Number(
    readFileSync("/proc/self/status", "utf8").match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0,
  ) / 1024;

await ensureDatabaseReady();
if (step === "seed") {
  for (let start = 0; start < COUNT; start += 1000) {
    await db.insert(newsletterSubscribers).values(
      Array.from({ length: Math.min(1000, COUNT - start) }, (_, i) => ({
        email: `reader${start + i}@example.test`,
        token: randomBytes(24).toString("base64url"),
        confirmedAt: new Date(),
      })),
    );
  }
  await db.insert(newsletterCampaigns).values({
    subject: "نشرة جمعية رفق — قياس الإرسال",
    bodyHtml:
      "<h2>أخبار الشهر</h2><p>زار فريق الجمعية ثلاثين أسرة في الدمام والخبر هذا الشهر.</p>" +
      '<ul><li>يوم صحي مفتوح</li><li>ملتقى الأجيال</li></ul><p><a href="/media/news">كل الأخبار</a></p>',
    status: "scheduled",
    sendAt: new Date(Date.now() - 1000),
  });
} else {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const rssSamples: number[] = [];
  let sent = 0;
  let nextSample = 0;
  for (;;) {
    const pass = await runMailQueueOnce({
      workerId: "bench",
      batchSize: Number(process.env.BATCH ?? 200),
      ratePerMinute: 10_000_000,
    });
    sent += pass.sent;
    if (sent >= nextSample) {
      rssSamples.push(Math.round(memory("VmRSS")));
      nextSample += COUNT / 10;
    }
    if (pass.claimed === 0 && (await countPendingMail()) === 0) break;
  }
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    `${JSON.stringify({
      sent,
      seconds: elapsed / 1000,
      perSecond: sent / (elapsed / 1000),
      cpuUserSeconds: used.user / 1e6,
      cpuSystemSeconds: used.system / 1e6,
      vmHwmMb: memory("VmHWM"),
      rssMbEveryTenth: rssSamples,
    })}\n`,
  );
}
closeMailer();
await getDatabaseHandle().close();
