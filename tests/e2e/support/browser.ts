import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { readOutboxFolder } from "../../support/outbox";
import { ACCOUNTS, type AccountName } from "./fixtures";

/** YouTube's own addresses (not our assets, whose names may contain "youtube"): tests stand in for them. */
export const YOUTUBE_ADDRESSES =
  /^https?:\/\/([\w-]+\.)*(youtube(-nocookie)?\.com|ytimg\.com|youtu\.be)\//;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export const baseURL = () => inject("baseURL");

/**
 * How long a page action or navigation may wait. Playwright's 30 s was passed by a post save
 * that was right, on a loaded two-core CI machine with the PostgreSQL run beside the suite
 * (docs/decisions/082); a broken behaviour still fails, a minute later.
 */
const ACTION_TIMEOUT_MS = 60_000;

/** Debian's Chromium; every context it opens (and `newPage`'s own) waits ACTION_TIMEOUT_MS. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/**
 * A client address no other context of this run is likely to have (10.0.0.0/8, sent as
 * X-Forwarded-For, which the server believes from a proxy on this machine). The specs share one
 * server, and its per-address limits on the public forms are real: a spec on its retry, or
 * after another that sent the same form, would otherwise be refused as one busy visitor.
 */
let visitors = Math.floor(Math.random() * 0xfff000);
export function newVisitorAddress(): string {
  visitors = (visitors + 1) % 0xffffff;
  return `10.${visitors >> 16}.${(visitors >> 8) & 0xff}.${visitors & 0xff}`;
}

/**
 * A fresh browser context and page. Console errors and failed page scripts are collected
 * in `errors`; specs assert it stays empty.
 */
/**
 * A reader's phone browser. Headless Chromium says "HeadlessChrome", which the server rightly
 * takes for a robot (no view counted); specs about views open their pages as this instead.
 */
export const READER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  url = baseURL(),
  { userAgent, clientAddress }: { userAgent?: string; clientAddress?: string } = {},
) {
  const context = await browser.newContext({
    viewport,
    baseURL: url,
    locale: "ar-SA",
    userAgent,
    extraHTTPHeaders: clientAddress ? { "x-forwarded-for": clientAddress } : undefined,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Opens `path` and waits for the page's app (root.tsx announces it with "rifq:hydrated"). A
 * signed-out page brings its app when a field takes the focus (docs/decisions/033); a loaded
 * machine may still be hydrating when a test's first click comes, which a person's typing never
 * outruns.
 */
export async function openWithApp(page: Page, path: string) {
  await page.addInitScript(() =>
    window.addEventListener("rifq:hydrated", () => {
      document.documentElement.dataset.testApp = "ready";
    }),
  );
  await page.goto(path);
  await page.locator("form input:not([type='hidden'])").first().focus();
  await page.locator("html[data-test-app='ready']").waitFor({ state: "attached" });
}

/** Signs in through the real form. */
async function signInWithForm(page: Page, account: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("البريد الإلكتروني").fill(account.email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
/** Each fixture account's last session, reused while it stays valid. */
const sessions = new Map<AccountName, { cookies: Cookies; home: string }>();

/**
 * Signs in as a fixture account (by name) or with explicit credentials (always through the form).
 * A fixture account signs in through the real form the first time; afterwards its session is
 * reused, as a returning visitor's browser would: the sign-in rate limits (10 a minute per
 * address) are real in these servers, and a suite that signed in for every test would meet them.
 * A session that has ended (signed out, replaced by a new sign-in, another server) falls back to
 * the form.
 */
export async function login(page: Page, who: AccountName | { email: string; password: string }) {
  if (typeof who !== "string") return signInWithForm(page, who);
  const saved = sessions.get(who);
  if (saved) {
    await page.context().addCookies(saved.cookies);
    await page.goto(saved.home);
    if (!new URL(page.url()).pathname.startsWith("/login")) return;
    await page.context().clearCookies();
  }
  await signInWithForm(page, ACCOUNTS[who]);
  const cookies = (await page.context().cookies()).filter((c) => c.name.includes("session"));
  sessions.set(who, { cookies, home: new URL(page.url()).pathname });
}

/** Every WCAG 2.0–2.2 A/AA rule and axe's best practices. */
export const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
];

const ICON_LIGATURE_START = "var nodeValue = textVNode.actualNode.nodeValue.trim();";
/**
 * axe-core, with one heuristic fixed: `isIconLigature` takes any text whose glyphs join (as
 * Arabic and Hebrew letters do) for an icon font ligature, so `color-contrast` skipped every
 * Arabic text node. Text in those scripts is never an icon ligature (docs/decisions/028).
 */
let patchedSource: string | undefined;
export function axeSource(): string {
  if (patchedSource) return patchedSource;
  const source = readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");
  if (!source.includes(ICON_LIGATURE_START)) {
    throw new Error("axe-core changed: re-check the isIconLigature patch in tests/e2e/support");
  }
  patchedSource = source.replace(
    ICON_LIGATURE_START,
    `${ICON_LIGATURE_START} if (/[\\u0590-\\u08ff\\ufb1d-\\ufdff\\ufe70-\\ufeff]/.test(nodeValue)) { return false; }`,
  );
  return patchedSource;
}

/**
 * Waits for the page's finite animations and transitions (a toast sliding in, a menu opening):
 * axe would read colours half-way through a fade.
 */
async function settledAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The accessibility violations axe finds on the page, one line each (rule, count, first nodes). */
export async function axeViolations(page: Page, source = axeSource()): Promise<string[]> {
  await settledAnimations(page);
  const results = await new AxeBuilder({ page, axeSource: source }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").at(-1) ?? ""}`)
        .join(" | ")}`,
  );
}

/** Fails with the list of accessibility violations axe finds on the page. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The e-mails the server wrote to its outbox, newest last. */
export const readOutbox = (dataDir = inject("dataDir")) =>
  readOutboxFolder(path.join(dataDir, "outbox"));

/** The first link in the newest e-mail sent to `to`. */
export function latestLinkTo(to: string, dataDir?: string): string {
  const message = readOutbox(dataDir)
    .filter((m) => m.to === to)
    .at(-1);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no e-mail with a link to ${to}`);
  return link;
}
