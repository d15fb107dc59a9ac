import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createCampaign } from "~/models/campaigns.server";
import { loader as statisticsLoader } from "~/routes/admin/statistics";
import { loader as statisticsExport } from "~/routes/admin/statistics-export";
import { loader as followLink } from "~/routes/resources/newsletter-go";
import { db } from "~/utils/db.server";
import { getSiteUrl } from "~/utils/env.server";
import { signedToken } from "~/utils/signed-tokens.server";
import { newsletterCampaigns } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fc, nastyString } from "../support/fuzz";
import { call, statusOf } from "../support/route-calls";

// The statistics screen, its CSV and the newsletter redirect (docs/decisions/074) answer any
// address without a 500, and the redirect never leads anywhere but a campaign's own link.

let editor: TestUser;
let campaignId = "";
const CAMPAIGN_LINK = "https://example.org/ramadan";

beforeAll(async () => {
  editor = await createUser("editor");
  const campaign = await createCampaign(editor, {
    subject: "حملة",
    body: `<p><a href="${CAMPAIGN_LINK}">الخبر</a></p>`,
    inArchive: false,
  });
  campaignId = campaign?.id ?? "";
  await db
    .update(newsletterCampaigns)
    .set({ status: "sent" })
    .where(eq(newsletterCampaigns.id, campaignId));
});

const param = fc.oneof(
  fc.constant(null),
  nastyString,
  fc.constantFrom("7", "30", "90", "views", "clicks", "notFound", "constructor", "__proto__"),
);

test(
  "the statistics screen and its CSV answer any days and chart with 200 or 404, never a 500",
  async () => {
    await fc.assert(
      fc.asyncProperty(param, param, async (days, chart) => {
        const url = new URL("http://localhost/admin/dashboard/statistics/export");
        if (days !== null) url.searchParams.set("days", days);
        if (chart !== null) url.searchParams.set("chart", chart);
        const address = `${url.pathname}${url.search}`;
        const screen = await call(statisticsLoader as never, requestAs(editor, address));
        expect(statusOf(screen)).toBe(200);
        const csv = await call(statisticsExport as never, requestAs(editor, address));
        expect([200, 404]).toContain(statusOf(csv));
      }),
      { numRuns: Math.min(FUZZ_RUNS, 200) },
    );
  },
  FUZZ_TIMEOUT,
);

test(
  "the newsletter redirect answers any token with 404 or the campaign's own link",
  async () => {
    const token = fc.oneof(
      nastyString,
      fc.constantFrom(
        signedToken("newsletter-link", `${campaignId}~0`),
        signedToken("newsletter-link", `${campaignId}~1`),
        signedToken("newsletter-link", `${campaignId}~-1`),
        signedToken("event-registration", `${campaignId}~0`),
        `${campaignId}~0.forged`,
      ),
      fc.string().map((tail) => `${signedToken("newsletter-link", `${campaignId}~0`)}${tail}`),
    );
    await fc.assert(
      fc.asyncProperty(token, async (value) => {
        const answer = await call(
          followLink as never,
          new Request(`${getSiteUrl()}/newsletter/go/x`),
          { token: value },
        );
        const status = statusOf(answer);
        expect([302, 404]).toContain(status);
        if (status === 302)
          expect((answer as Response).headers.get("location")).toBe(CAMPAIGN_LINK);
      }),
      { numRuns: FUZZ_RUNS },
    );
  },
  FUZZ_TIMEOUT,
);
