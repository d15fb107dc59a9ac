import http from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { newDataDir, type RunningServer, startServer } from "../../scripts/support/server";
import { baseURL, launchBrowser, login, PHONE, readOutbox } from "./support/browser";

// What a visitor, a proxy or a mail scanner sends must not decide what everyone else gets
// (docs/decisions/066): a Host header never becomes the site's address, and opening a link in
// an e-mail changes nothing until its button is pressed.

let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

const EVIL = "evil.example";

/** GET `path` with the given headers (fetch would not send our Host). */
function get(origin: string, path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(origin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

describe("a request's Host never becomes the site's address", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The default: SITE_URL unset, so the site's address is http://localhost:PORT.
    server = await startServer(newDataDir(), { SITE_URL: "" });
  }, 120_000);
  afterAll(async () => server?.stop());

  test("asked first with Host or X-Forwarded-Host: evil.example, robots.txt, the feeds, the sitemap and its parts and the home page stay on the site's address", async () => {
    const site = `http://localhost:${new URL(server.url).port}`;
    /** The first request of an address is the poisoned one: the page cache would keep it. */
    const poisonThenRead = async (path: string, viaProxy: boolean) => {
      const poisoning: Record<string, string> = viaProxy
        ? { "x-forwarded-host": EVIL }
        : { host: EVIL };
      const first = await get(server.url, path, { accept: "text/html", ...poisoning });
      expect(first.status, path).toBe(200);
      expect(first.body, path).not.toContain(EVIL);
      const plain = await get(server.url, path, { accept: "text/html" });
      expect(plain.body, path).not.toContain(EVIL);
      return plain.body;
    };
    const index = await poisonThenRead("/sitemap.xml", false);
    const parts = [...index.matchAll(/<loc>[^<]*?(\/sitemap\/[^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(parts.length).toBeGreaterThan(0);
    for (const [n, path] of ["/robots.txt", "/feed.xml", "/atom.xml", ...parts].entries()) {
      expect(await poisonThenRead(path, n % 2 === 1), path).toContain(site);
    }
    await poisonThenRead("/", true);
    expect((await get(server.url, "/robots.txt")).body).toContain(`Sitemap: ${site}/sitemap.xml`);
    // Health checks answer whatever the Host.
    expect((await get(server.url, "/healthz", { host: EVIL })).status).toBe(200);
  }, 120_000);
});

describe("links in e-mails change nothing until their button is pressed", () => {
  test("a browser opening the unsubscribe link keeps the subscription; the button removes it", async () => {
    const email = `scanned-${Date.now()}@rifq.test`;
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      baseURL: baseURL(),
      locale: "ar-SA",
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/media/news");
    await page.getByLabel("بريدك الإلكتروني").fill(email);
    await page.getByRole("button", { name: "اشترك" }).click();
    await page.getByText("أرسلنا رابط تأكيد إلى بريدك الإلكتروني").waitFor();
    const mail = readOutbox()
      .filter((message) => message.to === email)
      .at(-1);
    const linkTo = (kind: string) =>
      mail?.text.match(new RegExp(`https?://\\S+/newsletter/${kind}\\?token=\\S+`))?.[0] ?? "";
    const confirm = new URL(linkTo("confirm"));
    const unsubscribe = new URL(linkTo("unsubscribe"));

    // A scanner opens both links of the confirmation e-mail: nothing happens.
    await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await page.getByRole("button", { name: "ألغِ اشتراكي" }).waitFor();
    await page.goto(`${confirm.pathname}${confirm.search}`);
    await page.getByRole("button", { name: "أكّد اشتراكي" }).click();
    await page.getByText("تم تأكيد اشتراكك، شكراً لك.").first().waitFor();

    const staff = await browser.newContext({ baseURL: baseURL(), locale: "ar-SA" });
    contexts.push(staff);
    const admin = await staff.newPage();
    await login(admin, "admin");
    const listed = async () => {
      await admin.goto("/admin/dashboard/subscribers");
      await admin.getByRole("heading", { name: "مشتركو النشرة" }).waitFor();
      return admin.getByText(email).count();
    };
    expect(await listed()).toBe(1);

    // The person opens the unsubscribe link: still subscribed until the button is pressed.
    await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    const button = page.getByRole("button", { name: "ألغِ اشتراكي" });
    await button.waitFor();
    expect(await listed()).toBe(1);
    await button.click();
    await page.getByText("أُلغي اشتراكك وحُذف بريدك من قائمة النشرة.").waitFor();
    expect(await listed()).toBe(0);
  }, 120_000);
});
