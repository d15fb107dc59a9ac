import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { posts, users, videos } from "../../database/schema";
import { expectAccessible, launchBrowser, openPage, PHONE } from "./support/browser";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";

// A signed-out reader on a phone searches from the header, with JavaScript and without it,
// types as people do (no hamza, «ه» for «ة»), opens a result; a draft, a scheduled post and a
// draft video with the same words never show (docs/decisions/045).

let server: InProcessServer;
let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];

const PUBLISHED = "مؤسسة رفق تطلق برنامج الزيارات المنزلية";
const HIDDEN = [
  "مسودة الزيارات المنزلية السرية",
  "خطة الزيارات المنزلية القادمة",
  "فيديو الزيارات المنزلية",
];

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  await server.db.insert(users).values({
    id: "author-search",
    fullName: "هند",
    email: "hind-search@rifq.test",
    role: "editor",
  });
  const text = "أطلقت الجمعيّة برنامجاً للزيارات المنزليّة لكبار السنّ في الدمام.";
  const post = (title: string, slug: string) => ({
    title,
    slug,
    content: `<p>${text}</p>`,
    contentText: text,
    authorId: "author-search",
  });
  await server.db.insert(posts).values([
    {
      ...post(PUBLISHED, "home-visits"),
      status: "published",
      publishedAt: new Date("2026-10-01T08:00:00Z"),
    },
    { ...post(HIDDEN[0], "secret-draft"), status: "draft" },
    {
      ...post(HIDDEN[1], "future-plan"),
      status: "published",
      publishedAt: new Date("2099-01-01T08:00:00Z"),
    },
  ]);
  await server.db
    .insert(videos)
    .values({ title: HIDDEN[2], description: text, youtubeId: "ccccccccccc", status: "draft" });
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phonePage(javaScriptEnabled: boolean): Promise<Page> {
  if (javaScriptEnabled) {
    const opened = await openPage(browser, PHONE, server.url);
    contexts.push(opened.context);
    return opened.page;
  }
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: server.url,
    locale: "ar-SA",
    javaScriptEnabled: false,
  });
  contexts.push(context);
  return context.newPage();
}

describe("searching on a phone", () => {
  test.each([
    ["with JavaScript", true],
    ["without JavaScript", false],
  ])("from the header to a result (%s)", async (_, javaScriptEnabled) => {
    const page = await phonePage(javaScriptEnabled);
    await page.goto("/");
    await page.getByRole("link", { name: "البحث في الموقع" }).click();
    await page.waitForURL((url) => url.pathname === "/search");

    const box = page.getByRole("searchbox", { name: "كلمات البحث" });
    await box.fill("الزيارات المنزليه");
    await page.getByRole("button", { name: "ابحث" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "الزيارات المنزليه");
    const results = page.getByTestId("search-results");
    await results.getByRole("heading", { name: PUBLISHED }).waitFor();
    expect(await box.inputValue()).toBe("الزيارات المنزليه");
    expect(await results.locator("mark").first().textContent()).toBe("الزيارات");
    const shown = await results.textContent();
    for (const hidden of HIDDEN) expect(shown).not.toContain(hidden);
    if (javaScriptEnabled) await expectAccessible(page);

    await results.getByRole("link", { name: PUBLISHED }).click();
    await page.waitForURL((url) => url.pathname === "/media/news/home-visits");
    await page.getByRole("heading", { level: 1, name: PUBLISHED }).waitFor();
  });

  test("nothing found says so, with suggestions", async () => {
    const page = await phonePage(false);
    await page.goto(`/search?q=${encodeURIComponent("مسودة السرية")}`);
    await page.getByText("لا توجد نتائج").waitFor();
    await page.getByRole("link", { name: "الأخبار" }).last().waitFor();
    expect(await page.getByText(HIDDEN[0]).count()).toBe(0);
  });
});
