import { randomBytes, randomUUID } from "node:crypto";
import { count, gte, or } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCampaign } from "~/models/campaigns.server";
import { campaignFormSchema } from "~/routes/admin/campaigns/campaign-schema";
import { action as formAction } from "~/routes/admin/campaigns/form";
import { action as listAction } from "~/routes/admin/campaigns/list";
import { action as viewAction } from "~/routes/admin/campaigns/view";
import { db } from "~/utils/db.server";
import { mailQueue, newsletterCampaigns, newsletterSubscribers } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

/** The campaign forms and buttons (docs/decisions/051): never a 5xx, nothing refused is written. */

let editor: TestUser;
const pool: string[] = [];

beforeAll(async () => {
  editor = await createUser("editor");
  await db.insert(newsletterSubscribers).values({
    email: "reader@example.test",
    token: randomBytes(24).toString("base64url"),
    confirmedAt: new Date(),
  });
  for (let index = 0; index < 20; index++) {
    const campaign = await createCampaign(editor, {
      subject: `حملة ${index}`,
      body: "<p>نص</p>",
      inArchive: true,
    });
    pool.push(campaign.id);
  }
});

const plausible = () => ({
  subject: arabicText(1, 80),
  body: fc.oneof(
    arabicText(1, 300),
    fc.constantFrom("<p>نص <strong>عريض</strong></p>", "<script>alert(1)</script><p>x</p>", ""),
  ),
  inArchive: fc.constantFrom("on", "", "off"),
});

const state = async () => ({
  campaigns: (await db.select({ total: count() }).from(newsletterCampaigns))[0].total,
  queued: (await db.select({ total: count() }).from(mailQueue))[0].total,
});

/** Every campaign written since `since` still passes the form's schema, with no script kept. */
async function expectValidCampaigns(since: Date) {
  const written = await db
    .select()
    .from(newsletterCampaigns)
    .where(
      or(gte(newsletterCampaigns.updatedAt, since), gte(newsletterCampaigns.createdAt, since)),
    );
  for (const row of written) {
    expectStorableText(row.subject, "a campaign");
    expect(row.bodyHtml).not.toMatch(/<script/i);
    const parsed = campaignFormSchema.safeParse({
      subject: row.subject,
      body: row.bodyHtml || "x",
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
  }
}

const campaignTargets = (suffix = "") =>
  fc.constantFrom(...pool.slice(0, 5), randomUUID(), "x").map((id) => ({
    path: `/admin/dashboard/campaigns/${id}${suffix}`,
    params: { id },
  }));

describe("fuzzing the campaign actions", () => {
  test(
    "the new-campaign form never crashes and writes nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: { path: "/admin/dashboard/campaigns/new" },
        plausible: plausible(),
        state,
        expectValid: expectValidCampaigns,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the edit form never crashes",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: campaignTargets("/edit"),
        plausible: plausible(),
        state,
        expectValid: expectValidCampaigns,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the campaign page's buttons (test, send, schedule, unschedule, archive) never crash",
    () =>
      fuzzAction({
        action: viewAction,
        user: editor,
        target: campaignTargets(),
        plausible: {
          intent: fc.constantFrom("test", "send-now", "schedule", "unschedule", "archive", ""),
          sendAt: fc.constantFrom(
            "2099-05-01T10:30",
            "2000-01-01T10:00",
            "غداً",
            "",
            "2099-13-40T99:99",
          ),
          inArchive: fc.constantFrom("on", ""),
        },
        state,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's delete button never crashes",
    () =>
      fuzzAction({
        action: listAction,
        user: editor,
        target: { path: "/admin/dashboard/campaigns" },
        plausible: {
          intent: fc.constantFrom("delete", "publish-toggle", ""),
          id: fc.constantFrom(...pool.slice(5), randomUUID(), "1"),
        },
        state,
      }),
    FUZZ_TIMEOUT,
  );
});
