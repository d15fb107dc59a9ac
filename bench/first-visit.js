// A signed-out visitor's first visit, measured in Chromium: bytes on the wire by kind and request
// count. Shared by `npm run bench` (which prints it) and tests/e2e/budget.e2e.ts (which checks it
// against the budget). Bytes are encoded body sizes, as the network delivered them (gzip when the
// server compresses), without headers.
import { launchChromium } from "./measure.js";

/**
 * The staff's photos (uploads) are counted apart from what every page is built from: their weight
 * is the content's, kept down by the image rules (480 px cards, lazy loading, docs/decisions/010).
 * @param {string} contentType
 * @param {string} pathname
 */
function kindOf(contentType, pathname) {
  if (contentType.startsWith("image/") && pathname.startsWith("/uploads/")) return "photo";
  if (contentType.includes("text/html")) return "html";
  if (contentType.includes("css")) return "css";
  if (contentType.includes("javascript")) return "js";
  if (contentType.startsWith("font/") || contentType.includes("woff")) return "font";
  if (contentType.startsWith("image/")) return "image";
  return "other";
}

/**
 * Opens `url` in a fresh context of `browser` (no cache, no cookies) and waits until the page has
 * loaded, its fonts are ready and nothing more arrives. Requests to other sites (YouTube) are
 * refused and listed in `external`: the budget covers what our server sends.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {{ viewport?: { width: number, height: number } }} [options]
 */
export async function measureFirstVisit(browser, url, { viewport } = {}) {
  const origin = new URL(url).origin;
  const context = await browser.newContext({ viewport, locale: "ar-SA" });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  /** @type {string[]} */
  const external = [];
  /** @type {string[]} */
  const errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route(
    (target) => target.origin !== origin,
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  /** @type {Promise<{ url: string, kind: string, bytes: number, encoding: string }>[]} */
  const pending = [];
  page.on("requestfinished", (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const headers = response ? await response.allHeaders() : {};
        const sizes = await request.sizes();
        return {
          url: request.url().replace(origin, ""),
          kind: kindOf(headers["content-type"] ?? "", new URL(request.url()).pathname),
          bytes: sizes.responseBodySize,
          encoding: headers["content-encoding"] ?? "identity",
        };
      })(),
    );
  });
  try {
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Lazy chunks and late fonts: wait until one second passes without a new response.
    let seen = -1;
    while (seen !== pending.length) {
      seen = pending.length;
      await page.waitForTimeout(1000);
    }
    const responses = await Promise.all(pending);
    /** @type {Record<string, number>} */
    const bytes = { html: 0, css: 0, js: 0, font: 0, image: 0, photo: 0, other: 0 };
    /** @type {Record<string, number>} */
    const requests = { html: 0, css: 0, js: 0, font: 0, image: 0, photo: 0, other: 0 };
    for (const response of responses) {
      bytes[response.kind] += response.bytes;
      requests[response.kind] += 1;
    }
    const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
    const requestCount = responses.length;
    return {
      url,
      bytes,
      requests,
      total,
      page: total - bytes.photo,
      requestCount,
      responses,
      external,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** Kilobytes with one decimal (1 KB = 1,024 bytes). */
export const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);

/** One line a page: the figures `npm run bench` prints. */
export function formatFirstVisit(/** @type {Awaited<ReturnType<typeof measureFirstVisit>>} */ m) {
  const { bytes, requests } = m;
  return (
    `${new URL(m.url).pathname}: ${m.requestCount} requests, ${kb(m.page)} KB ` +
    `(+ photos ${kb(bytes.photo)} KB in ${requests.photo}) | ` +
    `HTML ${kb(bytes.html)} KB, CSS ${kb(bytes.css)} KB in ${requests.css}, ` +
    `JS ${kb(bytes.js)} KB in ${requests.js}, fonts ${kb(bytes.font)} KB in ${requests.font}, ` +
    `images ${kb(bytes.image)} KB in ${requests.image}`
  );
}

/** The bench module: one line a page, measured at phone width in Debian's Chromium. */
export async function firstVisit({ url, pages }) {
  const browser = await launchChromium();
  try {
    for (const pathname of pages) {
      const visit = await measureFirstVisit(browser, `${url}${encodeURI(pathname)}`, {
        viewport: { width: 390, height: 844 },
      });
      console.log(formatFirstVisit(visit));
    }
  } finally {
    await browser.close();
  }
}
