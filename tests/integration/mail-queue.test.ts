import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import {
  createCampaign,
  getCampaignForStaff,
  getCampaignProgress,
  listCampaignsForStaff,
  NO_SUBSCRIBERS,
  scheduleCampaign,
} from "~/models/campaigns.server";
import {
  claimMailBatch,
  enqueueMail,
  expireFinishedMail,
  INTERRUPTED,
  markMailSending,
} from "~/models/mail-queue.server";
import * as unsubscribeRoute from "~/routes/site/newsletter-unsubscribe";
import {
  classifyMailError,
  type MailQueueOptions,
  NOT_SUBSCRIBED,
  runMailQueueOnce,
} from "~/services/mail-delivery.server";
import { db } from "~/utils/db.server";
import { closeMailer } from "~/utils/mailer.server";
import { mailQueue, newsletterCampaigns, newsletterSubscribers } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call } from "../support/route-calls";
import { startSmtpSink } from "../support/smtp-sink";

// The real SMTP server in this process is the mailer's server for the whole file.
const sink = await startSmtpSink();
process.env.SMTP_URL = sink.url;

let editor: TestUser;
// The passes' clock starts an hour after the real one, on a whole minute: a row enqueued "now"
// (the real clock) is due at T0 on any day the suite runs.
const T0 = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000);
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const options = (seconds = 0, extra: MailQueueOptions = {}): MailQueueOptions => ({
  workerId: "test-worker",
  ratePerMinute: 10_000,
  now: () => at(seconds),
  ...extra,
});

async function subscribe(email: string, confirmed = true) {
  const token = randomBytes(24).toString("base64url");
  await db
    .insert(newsletterSubscribers)
    .values({ email, token, confirmedAt: confirmed ? new Date() : null });
  return token;
}

async function campaignTo(subject = "نشرة ديسمبر") {
  const campaign = await createCampaign(editor, {
    subject,
    body: '<h2>أخبار الشهر</h2><p>زرنا <strong>دار الرعاية</strong>.</p><script>alert(1)</script><p><a href="/media/news">الأخبار</a></p>',
    inArchive: true,
  });
  return campaign;
}

const queueRows = () => db.select().from(mailQueue);
const receivedBy = (email: string) => sink.messages.filter((message) => message.to.includes(email));

beforeEach(async () => {
  editor ??= await createUser("editor");
  await db.delete(mailQueue);
  await db.delete(newsletterCampaigns);
  await db.delete(newsletterSubscribers);
  sink.messages.length = 0;
  sink.answer = () => ({ accept: true });
});

afterAll(async () => {
  closeMailer();
  await sink.close();
});

describe("sending a campaign through the queue", () => {
  test("each confirmed subscriber gets one message with HTML and text parts and the one-click headers", async () => {
    const tokens = {
      "salma@example.test": await subscribe("salma@example.test"),
      "omar@example.test": await subscribe("omar@example.test"),
      "huda@example.test": await subscribe("huda@example.test"),
    };
    await subscribe("pending@example.test", false);
    const campaign = await campaignTo();
    expect(await scheduleCampaign(editor, campaign.id, null, at(0))).toBe("sending");
    expect((await getCampaignForStaff(editor, campaign.id))?.recipientCount).toBe(3);

    const pass = await runMailQueueOnce(options());
    expect(pass).toMatchObject({ claimed: 3, sent: 3 });
    expect(receivedBy("pending@example.test")).toHaveLength(0);
    for (const [email, token] of Object.entries(tokens)) {
      const [message] = receivedBy(email);
      expect(receivedBy(email)).toHaveLength(1);
      const link = `http://localhost:3000/newsletter/unsubscribe?token=${token}`;
      expect(message.subject).toBe("نشرة ديسمبر");
      expect(message.headers.get("content-type")).toMatch(/multipart\/alternative/);
      expect(message.headers.get("list-unsubscribe")).toBe(`<${link}>`);
      expect(message.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(message.html).toContain('dir="rtl"');
      expect(message.html).toContain("<table");
      expect(message.html).toContain(link);
      // The body's links go through the counting redirect (docs/decisions/074), to the same place.
      expect(message.html).toMatch(/href="http:\/\/localhost:3000\/newsletter\/go\/[^"]+"/);
      expect(message.html).not.toContain('href="http://localhost:3000/media/news"');
      expect(message.html).not.toMatch(/<script|alert\(1\)|<style/i);
      expect(message.text).toContain("أخبار الشهر");
      expect(message.text).toContain("زرنا دار الرعاية.");
      expect(message.text).toContain(link);
    }
    const [row] = (await listCampaignsForStaff(editor)).items;
    expect(row).toMatchObject({ status: "sent", sent: 3, failed: 0, recipientCount: 3 });
  });

  test("a token placeholder planted in the staff body stays literal; only the product's own unsubscribe link carries the token", async () => {
    const token = await subscribe("salma@example.test");
    // The stand-in the worker used before (docs/decisions/066), and the link's own shape.
    const planted = [
      "RIFQUNSUBSCRIBETOKEN",
      "http://localhost:3000/newsletter/unsubscribe?token=RIFQUNSUBSCRIBETOKEN",
    ];
    const campaign = await createCampaign(editor, {
      subject: "نشرة فيها فخ",
      body: planted
        .map((value) => `<p><a href="https://evil.example/c?t=${value}">اضغط هنا</a> ${value}</p>`)
        .join(""),
      inArchive: false,
    });
    await scheduleCampaign(editor, campaign.id, null, at(0));
    expect(await runMailQueueOnce(options())).toMatchObject({ sent: 1 });
    const [message] = receivedBy("salma@example.test");
    // The planted links are counted through the redirect; their text stays literal.
    expect(message.html).toMatch(/href="http:\/\/localhost:3000\/newsletter\/go\/[^"]+"/);
    expect(message.html).not.toContain('href="https://evil.example');
    for (const part of [message.html, message.text]) {
      expect(part).toContain("unsubscribe?token=RIFQUNSUBSCRIBETOKEN");
      expect(part).not.toContain(`evil.example/c?t=${token}`);
      // The token appears once: in the footer's unsubscribe link.
      expect(part.split(token)).toHaveLength(2);
      expect(part).toContain(`http://localhost:3000/newsletter/unsubscribe?token=${token}`);
    }
    expect(message.headers.get("list-unsubscribe")).toBe(
      `<http://localhost:3000/newsletter/unsubscribe?token=${token}>`,
    );
  });

  test("a campaign with nobody to send to is refused with a clear message", async () => {
    const campaign = await campaignTo();
    await expect(scheduleCampaign(editor, campaign.id, null)).rejects.toThrow(NO_SUBSCRIBERS);
  });

  test("a scheduled campaign starts at its time, not before", async () => {
    await subscribe("salma@example.test");
    const campaign = await campaignTo();
    expect(await scheduleCampaign(editor, campaign.id, at(3600), at(0))).toBe("scheduled");
    expect((await runMailQueueOnce(options(60))).claimed).toBe(0);
    expect(sink.messages).toHaveLength(0);
    expect((await runMailQueueOnce(options(3601))).sent).toBe(1);
    expect((await getCampaignForStaff(editor, campaign.id))?.status).toBe("sent");
  });

  test("an address that unsubscribes before its turn is skipped; the one-click POST counts after it", async () => {
    await subscribe("salma@example.test");
    const omar = await subscribe("omar@example.test");
    const huda = await subscribe("huda@example.test");
    const campaign = await campaignTo();
    await scheduleCampaign(editor, campaign.id, null, at(0));
    // Omar leaves before the queue reaches him: a mail app's one-click POST, no cookie, no token field.
    const oneClick = new Request(`http://localhost:3000/newsletter/unsubscribe?token=${omar}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    await call(unsubscribeRoute.action, oneClick);
    const pass = await runMailQueueOnce(options());
    expect(pass).toMatchObject({ sent: 2, skipped: 1 });
    expect(receivedBy("omar@example.test")).toHaveLength(0);
    const skipped = (await queueRows()).find((row) => row.status === "skipped");
    // The address is forgotten in the queue too.
    expect(skipped?.recipient).toMatch(/^forgotten:/);
    expect(skipped?.lastError).toBe(NOT_SUBSCRIBED);

    // Huda got it and then pressed her mail app's unsubscribe button.
    await call(
      unsubscribeRoute.action,
      new Request(`http://localhost:3000/newsletter/unsubscribe?token=${huda}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    const [row] = (await listCampaignsForStaff(editor)).items;
    expect(row).toMatchObject({ status: "sent", sent: 2, skipped: 1, unsubscribed: 1 });
    expect(await db.$count(newsletterSubscribers)).toBe(1);
    expect(await db.$count(mailQueue, eq(mailQueue.recipient, "huda@example.test"))).toBe(0);
  });
});

describe("the queue's guarantees", () => {
  test("batches are claimed with SKIP LOCKED: two workers never share a row; a lapsed lease is taken over", async () => {
    for (let i = 0; i < 30; i++) {
      await enqueueMail({
        kind: "test",
        to: `person${i}@example.test`,
        subject: "تجربة",
        html: "<p>تجربة</p>",
        text: "تجربة",
      });
    }
    const claim = (workerId: string, seconds: number, limit = 10) =>
      claimMailBatch({ workerId, limit, ratePerMinute: 1000, leaseMs: 60_000, now: at(seconds) });
    const [a, b] = await Promise.all([claim("a", 0), claim("b", 0)]);
    expect(a).toHaveLength(10);
    expect(b).toHaveLength(10);
    expect(new Set([...a, ...b].map((row) => row.id)).size).toBe(20);
    // While a's and b's leases hold, c gets only the rest; after them, their rows.
    expect(await claim("c", 30)).toHaveLength(10);
    const late = await claim("d", 61, 30);
    expect(new Set(late.map((row) => row.id))).toEqual(new Set([...a, ...b].map((row) => row.id)));
    // A worker whose lease lapsed cannot hand its old row to SMTP any more; the new owner can.
    expect(await markMailSending(a[0].id, "a", { now: at(62), leaseMs: 60_000 })).toBe(false);
    expect(await markMailSending(a[0].id, "d", { now: at(62), leaseMs: 60_000 })).toBe(true);
  });

  test("the rate: no more messages handed over in any minute than the setting", async () => {
    for (let i = 0; i < 12; i++) await subscribe(`reader${i}@example.test`);
    const campaign = await campaignTo();
    await scheduleCampaign(editor, campaign.id, null, at(0));
    expect((await runMailQueueOnce(options(0, { ratePerMinute: 5 }))).sent).toBe(5);
    expect((await runMailQueueOnce(options(10, { ratePerMinute: 5 }))).sent).toBe(0);
    expect((await runMailQueueOnce(options(61, { ratePerMinute: 5 }))).sent).toBe(5);
    expect((await runMailQueueOnce(options(122, { ratePerMinute: 5 }))).sent).toBe(2);
    expect(sink.messages).toHaveLength(12);
  });

  test("a 4xx from the SMTP server is retried with back-off and then delivered once", async () => {
    expectLog("logger.warn", /a queued e-mail was not sent/);
    await subscribe("salma@example.test");
    const campaign = await campaignTo();
    await scheduleCampaign(editor, campaign.id, null, at(0));
    let tries = 0;
    sink.answer = () =>
      ++tries <= 2 ? { code: 451, message: "4.3.0 Try again later" } : { accept: true };

    expect((await runMailQueueOnce(options(0))).retried).toBe(1);
    let [row] = await queueRows();
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.lastError).toContain("451");
    expect(row.nextAttemptAt.toISOString()).toBe(at(60).toISOString());
    expect((await runMailQueueOnce(options(30))).claimed).toBe(0);
    expect((await runMailQueueOnce(options(61))).retried).toBe(1);
    [row] = await queueRows();
    // The second wait is twice the first.
    expect(row.nextAttemptAt.toISOString()).toBe(at(61 + 120).toISOString());
    expect((await runMailQueueOnce(options(200))).sent).toBe(1);
    [row] = await queueRows();
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(receivedBy("salma@example.test")).toHaveLength(1);
  });

  test("a 5xx is a permanent failure: marked, counted, never tried again", async () => {
    expectLog("logger.warn", /a queued e-mail was not sent/);
    await subscribe("gone@example.test");
    await subscribe("salma@example.test");
    const campaign = await campaignTo();
    await scheduleCampaign(editor, campaign.id, null, at(0));
    sink.answer = (to) =>
      to === "gone@example.test" ? { code: 550, message: "5.1.1 No such user" } : { accept: true };
    expect(await runMailQueueOnce(options(0))).toMatchObject({ sent: 1, failed: 1 });
    const failed = (await queueRows()).find((row) => row.status === "failed");
    expect(failed?.lastError).toContain("550");
    expect((await runMailQueueOnce(options(7200))).claimed).toBe(0);
    const [row] = (await listCampaignsForStaff(editor)).items;
    expect(row).toMatchObject({ status: "sent", sent: 1, failed: 1 });
  });

  test("a row left 'sending' by a worker that died is never sent again: it becomes uncertain", async () => {
    await subscribe("salma@example.test");
    await subscribe("omar@example.test");
    const campaign = await campaignTo();
    await scheduleCampaign(editor, campaign.id, null, at(0));
    const [first] = await claimMailBatch({
      workerId: "dead",
      limit: 1,
      ratePerMinute: 100,
      leaseMs: 1000,
      now: at(0),
    });
    expect(await markMailSending(first.id, "dead", { now: at(0), leaseMs: 1000 })).toBe(true);
    // The worker "dies" here. Another worker, after the lease, sends the other row only.
    expect(await runMailQueueOnce(options(5))).toMatchObject({ sent: 1 });
    const rows = await queueRows();
    expect(rows.find((row) => row.id === first.id)).toMatchObject({
      status: "uncertain",
      lastError: INTERRUPTED,
    });
    expect(sink.messages).toHaveLength(1);
    expect((await runMailQueueOnce(options(3600))).claimed).toBe(0);
    const [row] = (await listCampaignsForStaff(editor)).items;
    expect(row).toMatchObject({ status: "sent", sent: 1, failed: 1 });
  });

  test("any kind of mail can use the queue once per key", async () => {
    const mail = {
      kind: "event-reminder",
      to: "visitor@example.test",
      subject: "تذكير بالفعالية",
      html: "<p>غداً</p>",
      text: "غداً",
      headers: { "X-Rifq-Kind": "event-reminder" },
      dedupeKey: "event-reminder:1",
    };
    expect(await enqueueMail(mail)).toBe(true);
    expect(await enqueueMail(mail)).toBe(false);
    expect(await enqueueMail({ ...mail, dedupeKey: "later", sendAfter: at(600) })).toBe(true);
    expect((await runMailQueueOnce(options(0))).sent).toBe(1);
    const [message] = sink.messages;
    expect(message.subject).toBe("تذكير بالفعالية");
    expect(message.headers.get("x-rifq-kind")).toBe("event-reminder");
    expect(message.text.trim()).toBe("غداً");
    expect((await runMailQueueOnce(options(601))).sent).toBe(1);
  });

  test("a connection that never opened is temporary; an SMTP answer decides by its class", async () => {
    const closed = await startSmtpSink();
    const url = closed.url;
    await closed.close();
    const transport = nodemailer.createTransport(url);
    const error = await transport
      .sendMail({ from: "a@example.test", to: "b@example.test", subject: "x", text: "x" })
      .catch((failure: unknown) => failure);
    expect(classifyMailError(error)).toBe("retry");
    expect(classifyMailError({ responseCode: 452, command: "RCPT TO" })).toBe("retry");
    expect(classifyMailError({ responseCode: 554, command: "DATA" })).toBe("failed");
    expect(
      classifyMailError({
        code: "ECONNECTION",
        command: "CONN",
        message: "Connection closed unexpectedly",
      }),
    ).toBe("uncertain");
  });
});

describe("retention", () => {
  const DAY_S = 86_400;
  /** A row of the queue as it stands `daysAgo` before T0 (the pass's clock). */
  const finished = (
    recipient: string,
    status: "sent" | "failed" | "uncertain" | "skipped" | "queued",
    daysAgo: number,
    campaignId: string | null = null,
  ) => {
    const when = at(-daysAgo * DAY_S);
    return {
      kind: campaignId ? "campaign" : "event-reminder",
      campaignId,
      recipient,
      subject: campaignId ? null : "تذكير",
      textBody: campaignId ? null : "نص الرسالة",
      status,
      attempts: status === "skipped" || status === "queued" ? 0 : 1,
      attemptedAt: status === "skipped" || status === "queued" ? null : when,
      sentAt: status === "sent" ? when : null,
      nextAttemptAt: status === "queued" ? at(90 * DAY_S) : when,
      lastError: status === "failed" ? `550 <${recipient}> unknown` : null,
      createdAt: at(-(daysAgo + 1) * DAY_S),
    };
  };

  test("rows finished more than 30 days ago let go of their address and text; recent and pending ones stay", async () => {
    const campaign = await campaignTo();
    await db
      .insert(mailQueue)
      .values([
        finished("old-sent@example.test", "sent", 31),
        finished("old-failed@example.test", "failed", 40),
        finished("recent@example.test", "sent", 29),
        finished("pending@example.test", "queued", 60),
        finished("old-reader@example.test", "sent", 31, campaign.id),
        finished("old-bounce@example.test", "failed", 35, campaign.id),
        finished("new-reader@example.test", "sent", 2, campaign.id),
      ]);

    const pass = await runMailQueueOnce(options(0));
    expect(pass).toMatchObject({ claimed: 0, expired: 4 });
    const rows = await queueRows();
    // A message of its own goes whole; a campaign's row stays for its figures, its address gone.
    const forgotten = rows.filter((row) => row.recipient.startsWith("forgotten:"));
    expect(
      rows
        .filter((row) => !forgotten.includes(row))
        .map((row) => row.recipient)
        .sort(),
    ).toEqual(["new-reader@example.test", "pending@example.test", "recent@example.test"]);
    expect(forgotten.map((row) => [row.status, row.lastError]).sort()).toEqual([
      ["failed", null],
      ["sent", null],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/old-(sent|failed|reader|bounce)@/);
    expect(await getCampaignProgress(editor, campaign.id)).toMatchObject({ sent: 2, failed: 1 });

    // Nothing is left to do: the next pass touches nothing.
    expect((await runMailQueueOnce(options(5))).expired).toBe(0);
    // Two days on, the one sent 29 days before is past 30 too; the pending one stays queued.
    expect((await runMailQueueOnce(options(2 * DAY_S))).expired).toBe(1);
    const pending = (await queueRows()).find((row) => row.recipient === "pending@example.test");
    expect(pending?.status).toBe("queued");
  });

  test("in bounded batches, oldest first", async () => {
    await db
      .insert(mailQueue)
      .values([40, 50, 60].map((days) => finished(`old-${days}@example.test`, "sent", days)));
    expect(await expireFinishedMail(at(-30 * DAY_S), 2)).toEqual({ deleted: 2, forgotten: 0 });
    expect((await queueRows()).map((row) => row.recipient)).toEqual(["old-40@example.test"]);
    expect(await expireFinishedMail(at(-30 * DAY_S), 2)).toEqual({ deleted: 1, forgotten: 0 });
    expect(await queueRows()).toEqual([]);
  });
});

describe("who may send", () => {
  test("viewers and signed-out visitors are refused; nothing is queued", async () => {
    await subscribe("salma@example.test");
    const campaign = await campaignTo();
    const viewer = await createUser("viewer");
    await expect(scheduleCampaign(viewer, campaign.id, null)).rejects.toMatchObject({
      status: 403,
    });
    await expect(scheduleCampaign(null, campaign.id, null)).rejects.toMatchObject({ status: 401 });
    await expect(
      createCampaign(viewer, { subject: "x", body: "x", inArchive: true }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(listCampaignsForStaff(viewer)).rejects.toMatchObject({ status: 403 });
    expect(await db.$count(mailQueue)).toBe(0);
  });
});
