import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeEach, expect, test } from "vitest";
import { createCampaign } from "~/models/campaigns.server";
import {
  createCountBuffer,
  flushReadingCounts,
  foldRareKeys,
  KEYS_KEPT_PER_DAY,
  readStatistics,
  rebuildPeriodTops,
  trimReadingCounts,
} from "~/models/reading-counts.server";
import { renderCampaignEmail } from "~/services/campaign-email.server";
import { campaignLinks } from "~/services/campaign-links.server";
import { NEWS_PATH } from "~/shared/paths";
import {
  countedAddress,
  dayBefore,
  OTHER_KEY,
  riyadhDay,
  STATISTIC_KINDS,
} from "~/shared/statistics";
import { db } from "~/utils/db.server";
import { getSiteUrl } from "~/utils/env.server";
import { loader as followLink } from "../../app/routes/resources/newsletter-go";
import { newsletterCampaigns, readingCounts, readingPeriodTops } from "../../database/schema";
import { tidyReadingCounts } from "../../server/jobs/reading-statistics";
import { createPageCache } from "../../server/page-cache";
import { createPageViewCounter } from "../../server/page-views";
import { createUser } from "../support/accounts";
import { call, statusOf } from "../support/route-calls";

/*
 * Reading statistics (docs/decisions/074) in the host's order (server/app.ts, server/index.js):
 * the fast path answers stored pages first, Express counts what it answers; the real page cache
 * and database, a stand-in render. Rows are read back to see what is (and is not) kept.
 */
const pageViews = createPageViewCounter();
const cache = createPageCache({
  secret: "statistics-test-secret-0123456789abcdef",
  listsAt: () => [],
});
const app = express();
app.use((_req, res, next) => {
  res.locals.cspNonce = "nonce";
  next();
});
app.use(pageViews.middleware);
app.use(cache.middleware);
app.get("/{*path}", (req, res) => {
  if (req.path.startsWith("/missing")) res.status(404).type("html").send("<p>غير موجودة</p>");
  else res.type("html").send("<p>صفحة</p>");
});
const server = createServer((req, res) => {
  if (!cache.answerFirst(req, res, pageViews.countStored)) app(req, res);
}).listen(0, "127.0.0.1");
afterAll(() => server.close());

const PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function open(path: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return fetch(`http://127.0.0.1:${port}${path}`, {
    headers: {
      accept: "text/html",
      "user-agent": PHONE,
      "x-forwarded-for": "203.0.113.7",
      ...headers,
    },
  });
}

const countOf = async (kind: string, key: string, detail = "") => {
  const rows = await db.select().from(readingCounts);
  return rows
    .filter((row) => row.kind === kind && row.key === key && row.detail === detail)
    .reduce((sum, row) => sum + row.count, 0);
};

beforeEach(async () => {
  await flushReadingCounts();
  await db.delete(readingCounts);
  await db.delete(readingPeriodTops);
});

test("a page counts whether rendered or answered from the cache; no cookie, no address kept", async () => {
  const first = await open("/about");
  expect(first.headers.get("x-cache")).toBe("MISS");
  const second = await open("/about", { referer: "https://www.google.com/search?q=rifq" });
  expect(second.headers.get("x-cache")).toBe("HIT");
  await open("/about/", { "user-agent": DESKTOP, referer: `http://${"127.0.0.1"}/` });
  for (const response of [first, second]) expect(response.headers.get("set-cookie")).toBeNull();
  await flushReadingCounts();

  expect(await countOf(STATISTIC_KINDS.view, "/about")).toBe(3);
  expect(await countOf(STATISTIC_KINDS.device, "phone")).toBe(2);
  expect(await countOf(STATISTIC_KINDS.device, "desktop")).toBe(1);
  expect(await countOf(STATISTIC_KINDS.referrer, "google.com")).toBe(1);
  // Nothing about the reader: not the address, not the browser, not the search it came from.
  const stored = JSON.stringify(await db.select().from(readingCounts));
  for (const personal of ["203.0.113.7", "Android", "Chrome", "q=rifq"])
    expect(stored).not.toContain(personal);
});

test("robots are not counted; a live update's data request is not a visit, a navigation is", async () => {
  await open("/services", { "user-agent": BOT });
  await open("/services", { "user-agent": "HeadlessChrome/126" });
  const { port } = server.address() as AddressInfo;
  await open("/services.data", { referer: `http://127.0.0.1:${port}/services` });
  await open("/services.data", { referer: `http://127.0.0.1:${port}/about` });
  await flushReadingCounts();
  expect(await countOf(STATISTIC_KINDS.view, "/services")).toBe(1);
});

test("an unknown address counts as a broken link with the page that linked to it, not as a view", async () => {
  const response = await open("/missing/old-page?utm_source=x", {
    referer: "https://partner.example/links?token=secret",
  });
  expect(response.status).toBe(404);
  await flushReadingCounts();
  expect(
    await countOf(STATISTIC_KINDS.notFound, "/missing/old-page", "partner.example/links"),
  ).toBe(1);
  expect(await countOf(STATISTIC_KINDS.view, "/missing/old-page")).toBe(0);
});

test("an address keeps only the parameters that name content", () => {
  expect(countedAddress("/media/news.data?category=events&page=2&utm_source=x")).toBe(
    "/media/news?category=events",
  );
  expect(countedAddress("/_root.data")).toBe("/");
  expect(countedAddress("/media/news/%D8%AE%D8%A8%D8%B1/")).toBe("/media/news/خبر");
});

test("two processes' buffers add up, written at the same time", async () => {
  const one = createCountBuffer();
  const two = createCountBuffer();
  for (let i = 0; i < 300; i++) one.add(STATISTIC_KINDS.view, `/page-${i % 7}`);
  for (let i = 0; i < 200; i++) two.add(STATISTIC_KINDS.view, `/page-${i % 7}`);
  await Promise.all([one.flush(), two.flush(), one.flush()]);
  const [row] = await db
    .select({ total: readingCounts.count })
    .from(readingCounts)
    .where(eq(readingCounts.key, "/page-0"));
  expect(row?.total).toBe(Math.ceil(300 / 7) + Math.ceil(200 / 7));
  const rows = await db.select().from(readingCounts);
  expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(500);
});

test("a day's rare addresses fold into «أخرى» and old days are trimmed; totals stay", async () => {
  const today = riyadhDay();
  const buffer = createCountBuffer();
  const distinct = KEYS_KEPT_PER_DAY + 50;
  for (let i = 1; i <= distinct; i++)
    buffer.add(STATISTIC_KINDS.notFound, `/scan-${i}`, "", { by: i, day: today });
  buffer.add(STATISTIC_KINDS.view, "/old", "", { day: "2020-01-01" });
  await buffer.flush();
  await tidyReadingCounts(today, 400);
  await tidyReadingCounts(today, 400);
  const rows = await db.select().from(readingCounts);
  expect(rows.filter((row) => row.kind === STATISTIC_KINDS.notFound)).toHaveLength(
    KEYS_KEPT_PER_DAY + 1,
  );
  expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe((distinct * (distinct + 1)) / 2);
  expect(await countOf(STATISTIC_KINDS.notFound, OTHER_KEY)).toBe((50 * 51) / 2);
  expect(rows.some((row) => row.day === "2020-01-01")).toBe(false);
  expect(await foldRareKeys(today, today)).toBeGreaterThanOrEqual(0);
  expect(await trimReadingCounts("2000-01-01")).toBe(0);
});

test("a process's buffer holds a bounded number of keys; later ones count as «أخرى»", async () => {
  const buffer = createCountBuffer();
  for (let i = 0; i < 6_000; i++) buffer.add(STATISTIC_KINDS.notFound, `/random-${i}`);
  expect(buffer.size).toBeLessThanOrEqual(5_001);
  await buffer.flush();
  expect(await countOf(STATISTIC_KINDS.notFound, OTHER_KEY)).toBe(1_000);
});

test("a newsletter link is counted per campaign and link, and leads only to the campaign's link", async () => {
  const editor = await createUser("editor");
  const campaign = await createCampaign(editor, {
    subject: "حملة رمضان",
    body: '<p>اقرأ <a href="https://example.org/ramadan?x=1&amp;y=2">الخبر</a> و<a href="mailto:a@b.c">راسلنا</a></p>',
    inArchive: false,
  });
  if (!campaign) throw new Error("no campaign");
  await db
    .update(newsletterCampaigns)
    .set({ status: "sent" })
    .where(eq(newsletterCampaigns.id, campaign.id));
  const mail = renderCampaignEmail({
    subject: campaign.subject,
    bodyHtml: campaign.bodyHtml,
    siteUrl: getSiteUrl(),
    unsubscribeUrl: `${getSiteUrl()}/newsletter/unsubscribe?token=x`,
    countLinksOf: campaign.id,
  });
  const [tracked] = campaignLinks(mail.html).filter((link) => link.includes("/newsletter/go/"));
  expect(tracked).toBeDefined();
  expect(mail.html).not.toContain("https://example.org/ramadan");
  expect(mail.html).toContain("mailto:a@b.c");
  const token = tracked?.split("/newsletter/go/")[1] ?? "";

  const follow = (value: string, userAgent = PHONE) =>
    call(
      followLink,
      new Request(`${getSiteUrl()}/newsletter/go/${value}`, {
        headers: { "user-agent": userAgent },
      }),
      {
        token: value,
      },
    );
  const answer = (await follow(token)) as Response;
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe("https://example.org/ramadan?x=1&y=2");
  await follow(token, BOT);
  for (const forged of [`${token}x`, `${campaign.id}~1.abc`, "https%3A%2F%2Fevil.example", ""])
    expect(statusOf(await follow(forged))).toBe(404);
  await flushReadingCounts();
  expect(
    await countOf(STATISTIC_KINDS.click, campaign.id, "https://example.org/ramadan?x=1&y=2"),
  ).toBe(1);

  const figures = await readStatistics(editor, 7);
  expect(figures.clicks).toEqual([
    {
      campaignId: campaign.id,
      subject: "حملة رمضان",
      link: "https://example.org/ramadan?x=1&y=2",
      count: 1,
    },
  ]);
});

test("the dashboard reads the period tops and today's rows: the same figures as adding up every day", async () => {
  const editor = await createUser("editor");
  const today = riyadhDay();
  const buffer = createCountBuffer();
  // Days ago → views of two pages and a news item, a broken link with its referrer, a device.
  for (const ago of [0, 1, 6, 7, 29, 30, 89, 90]) {
    const day = dayBefore(today, ago);
    buffer.add(STATISTIC_KINDS.view, "/about", "", { by: 100 - ago, day });
    buffer.add(STATISTIC_KINDS.view, `${NEWS_PATH}/zakat`, "", { by: 10 + ago, day });
    buffer.add(STATISTIC_KINDS.view, `/page-${ago}`, "", { by: 1, day });
    buffer.add(STATISTIC_KINDS.notFound, "/old-link", `ref-${ago % 2}.example/`, { by: 2, day });
    buffer.add(STATISTIC_KINDS.device, "phone", "", { by: 100 - ago + 10 + ago + 1, day });
  }
  await buffer.flush();
  const rows = await db.select().from(readingCounts);
  // What adding up every day of the period gives, most first.
  const expected = (
    days: number,
    kind: string,
    keyOf = (row: (typeof rows)[number]) => row.key,
  ) => {
    const from = dayBefore(today, days - 1);
    const sums = new Map<string, number>();
    for (const row of rows)
      if (row.kind === kind && row.day >= from)
        sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + row.count);
    return [...sums]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 10)
      .map(([key, count]) => ({ key, count }));
  };
  const keyCounts = (list: { key: string; count: number }[]) =>
    list.map(({ key, count }) => ({ key, count }));
  for (const days of [7, 30, 90] as const) {
    const figures = await readStatistics(editor, days);
    expect(keyCounts(figures.pages)).toEqual(expected(days, STATISTIC_KINDS.view));
    expect(keyCounts(figures.posts)).toEqual([
      { key: `${NEWS_PATH}/zakat`, count: expected(days, STATISTIC_KINDS.view)[1]?.count },
    ]);
    expect(
      figures.notFound.map(({ key, detail, count }) => ({ key: `${key} ${detail}`, count })),
    ).toEqual(expected(days, STATISTIC_KINDS.notFound, (row) => `${row.key} ${row.detail}`));
    expect(figures.views.reduce((sum, day) => sum + day.count, 0)).toBe(
      expected(days, STATISTIC_KINDS.device)[0]?.count,
    );
  }
  // The 7 days hold today and the six before it: 100+99+94 views of /about.
  expect((await readStatistics(editor, 7)).pages[0]).toEqual({
    key: "/about",
    detail: "",
    count: 293,
  });

  // A late count of yesterday (a flush across midnight) is seen at once; today's too.
  const late = createCountBuffer();
  late.add(STATISTIC_KINDS.view, "/late", "", { by: 500, day: dayBefore(today, 1) });
  late.add(STATISTIC_KINDS.view, "/late", "", { by: 5, day: today });
  await late.flush();
  expect((await readStatistics(editor, 7)).pages[0]).toEqual({
    key: "/late",
    detail: "",
    count: 505,
  });
});

test("the period tops stay bounded and keep every period's totals (the rest as «أخرى»)", async () => {
  const today = riyadhDay();
  const buffer = createCountBuffer();
  for (let i = 1; i <= 20; i++)
    for (const ago of [1, 10, 50])
      buffer.add(STATISTIC_KINDS.search, `بحث ${i}`, "", { by: i, day: dayBefore(today, ago) });
  await buffer.flush();
  await rebuildPeriodTops(today, 5);
  const tops = await db.select().from(readingPeriodTops);
  for (const [period, copies] of [
    [7, 1],
    [30, 2],
    [90, 3],
  ] as const) {
    const searches = tops.filter(
      (row) => row.period === period && row.kind === STATISTIC_KINDS.search,
    );
    expect(searches).toHaveLength(6);
    expect(searches.reduce((sum, row) => sum + row.count, 0)).toBe(copies * 210);
    expect(searches.find((row) => row.key === OTHER_KEY)?.count).toBe(
      copies * (210 - 20 - 19 - 18 - 17 - 16),
    );
    expect(tops.filter((row) => row.period === period && row.kind === "")).toEqual([
      { period, kind: "", key: dayBefore(today, 1), detail: "", count: 0 },
    ]);
  }
  // Rebuilt from scratch: the same rows, none added.
  await rebuildPeriodTops(today, 5);
  expect(await db.select().from(readingPeriodTops)).toHaveLength(tops.length);
});
