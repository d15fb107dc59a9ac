import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CAMPAIGN_LOCKED } from "~/models/campaigns.server";
import { createPost } from "~/models/posts.server";
import * as formRoute from "~/routes/admin/campaigns/form";
import * as viewRoute from "~/routes/admin/campaigns/view";
import * as archiveRoute from "~/routes/site/newsletter-archive";
import * as archiveItemRoute from "~/routes/site/newsletter-archive-item";
import { runMailQueueOnce } from "~/services/mail-delivery.server";
import { db } from "~/utils/db.server";
import { mailQueue, newsletterCampaigns, newsletterSubscribers } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, load, readOutbox, replyErrorsOf, statusOf } from "../support/route-calls";

/** The campaign screens through their routes (docs/decisions/051); mail goes to the outbox here. */

let editor: TestUser;
const campaignRow = async (subject: string) =>
  (await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.subject, subject)))[0];

async function saveCampaign(subject: string, body: string, extra: Record<string, string> = {}) {
  const result = await call(
    formRoute.action,
    requestAs(editor, "/admin/dashboard/campaigns/new", {
      form: { subject, body, inArchive: "on", ...extra },
    }),
  );
  expect(statusOf(result), JSON.stringify(dataOf(result))).toBe(302);
  return campaignRow(subject);
}

const press = (id: string, form: Record<string, string>) =>
  call(viewRoute.action, requestAs(editor, `/admin/dashboard/campaigns/${id}`, { form }), { id });

beforeAll(async () => {
  editor = await createUser("editor", "محررة النشرة");
});

beforeEach(async () => {
  await db.delete(mailQueue);
  await db.delete(newsletterCampaigns);
  await db.delete(newsletterSubscribers);
  await db.insert(newsletterSubscribers).values({
    email: "reader@example.test",
    token: randomBytes(24).toString("base64url"),
    confirmedAt: new Date(),
  });
});

describe("composing", () => {
  test("the body goes through the one sanitizer; an empty form is refused in Arabic", async () => {
    const saved = await saveCampaign(
      "نشرة يناير",
      '<p onclick="x()">أهلاً <strong>بكم</strong></p><script>alert(1)</script><iframe src="https://evil.test"></iframe>',
    );
    expect(saved.bodyHtml).toBe("<p>أهلاً <strong>بكم</strong></p>");
    expect(saved.status).toBe("draft");

    const refused = await call(
      formRoute.action,
      requestAs(editor, "/admin/dashboard/campaigns/new", { form: { subject: "", body: "" } }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(replyErrorsOf(refused)).toMatchObject({
      subject: ["عنوان الرسالة مطلوب"],
      body: ["نص الرسالة مطلوب"],
    });
  });

  test("a new campaign starts from a published post: title, excerpt, image and a link", async () => {
    await createPost(editor, {
      title: "يوم صحي مفتوح",
      slug: "health-day",
      excerpt: "فحوص مجانية لكبار السن",
      content: "التفاصيل",
      categoryId: null,
      status: "published",
    });
    const loaded = await load(
      formRoute.loader,
      requestAs(editor, "/admin/dashboard/campaigns/new?post=health-day"),
    );
    expect(loaded.posts.map((post) => post.title)).toContain("يوم صحي مفتوح");
    expect(loaded.fromPost?.subject).toBe("يوم صحي مفتوح");
    expect(loaded.fromPost?.body).toContain("<p>فحوص مجانية لكبار السن</p>");
    expect(loaded.fromPost?.body).toContain('href="/media/news/health-day"');
    // A draft or a missing post fills nothing.
    const missing = await load(
      formRoute.loader,
      requestAs(editor, "/admin/dashboard/campaigns/new?post=no-such-post"),
    );
    expect(missing.fromPost).toBeNull();
  });
});

describe("previewing, testing and sending", () => {
  test("the preview is the e-mail's HTML; the test goes to the editor alone, with the headers", async () => {
    const campaign = await saveCampaign("نشرة فبراير", "<p>زيارة دار الرعاية</p>");
    const page = await load(
      viewRoute.loader,
      requestAs(editor, `/admin/dashboard/campaigns/${campaign.id}`),
      { id: campaign.id },
    );
    expect(page.email).toContain('<html lang="ar" dir="rtl">');
    expect(page.email).toContain("زيارة دار الرعاية");
    expect(page.email).not.toMatch(/<script/i);
    expect(page.audience).toBe(1);

    expect(statusOf(await press(campaign.id, { intent: "test" }))).toBe(302);
    const mails = readOutbox().filter((mail) => mail.subject === "[تجربة] نشرة فبراير");
    expect(mails.map((mail) => mail.to)).toEqual([editor.email]);
    const [test] = mails as unknown as { headers: Record<string, string>; html: string }[];
    expect(test.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(test.html).toContain('dir="rtl"');
    // A test queues nothing.
    expect(await db.$count(mailQueue)).toBe(0);
  });

  test("a time typed in Riyadh time is stored in UTC; a past time is refused beside its field", async () => {
    const campaign = await saveCampaign("نشرة مارس", "<p>نص</p>");
    expect(
      statusOf(await press(campaign.id, { intent: "schedule", sendAt: "2099-05-01T10:30" })),
    ).toBe(302);
    const row = await campaignRow("نشرة مارس");
    expect(row.status).toBe("scheduled");
    expect(row.sendAt?.toISOString()).toBe("2099-05-01T07:30:00.000Z");

    const past = await press(campaign.id, { intent: "schedule", sendAt: "2001-05-01T10:30" });
    expect(statusOf(past)).toBe(400);
    expect(replyErrorsOf(past).sendAt?.[0]).toMatch(/موعد الإرسال مضى/);
    const bad = await press(campaign.id, { intent: "schedule", sendAt: "غداً" });
    expect(replyErrorsOf(bad).sendAt).toEqual(["اكتب تاريخ الإرسال ووقته كاملين"]);

    expect(statusOf(await press(campaign.id, { intent: "unschedule" }))).toBe(302);
    expect((await campaignRow("نشرة مارس")).status).toBe("draft");
  });

  test("once sent, a campaign is in the archive (signed out) and can no longer be edited; opting out hides it", async () => {
    const campaign = await saveCampaign("نشرة أبريل", "<p>أخبار أبريل</p>");
    // A draft is not in the archive.
    expect(
      statusOf(
        await call(archiveItemRoute.loader, requestAs(null, `/newsletter/archive/${campaign.id}`), {
          id: campaign.id,
        }),
      ),
    ).toBe(404);

    expect(statusOf(await press(campaign.id, { intent: "send-now" }))).toBe(302);
    await runMailQueueOnce({ workerId: "test" });
    expect(
      readOutbox()
        .filter((mail) => mail.subject === "نشرة أبريل")
        .map((mail) => mail.to),
    ).toEqual(["reader@example.test"]);
    const list = await load(archiveRoute.loader, requestAs(null, "/newsletter/archive"));
    expect(list.campaigns.map((row) => row.subject)).toEqual(["نشرة أبريل"]);
    const item = await load(
      archiveItemRoute.loader,
      requestAs(null, `/newsletter/archive/${campaign.id}`),
      { id: campaign.id },
    );
    expect(item.campaign.bodyHtml).toBe("<p>أخبار أبريل</p>");

    const edit = await call(
      formRoute.action,
      requestAs(editor, `/admin/dashboard/campaigns/${campaign.id}/edit`, {
        form: { subject: "تعديل متأخر", body: "<p>x</p>" },
      }),
      { id: campaign.id },
    );
    expect(statusOf(edit)).toBe(409);
    expect(JSON.stringify(dataOf(edit))).toContain(CAMPAIGN_LOCKED);

    expect(statusOf(await press(campaign.id, { intent: "archive" }))).toBe(302);
    const hidden = await load(archiveRoute.loader, requestAs(null, "/newsletter/archive"));
    expect(hidden.campaigns).toEqual([]);
  });
});
