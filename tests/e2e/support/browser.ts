import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { ACCOUNTS, type AccountName } from "./fixtures";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export const baseURL = () => inject("baseURL");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
  { userAgent }: { userAgent?: string } = {},
) {
  const context = await browser.newContext({ viewport, baseURL: url, locale: "ar-SA", userAgent });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
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

/** Fails with the list of accessibility violations axe finds on the page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  expect(violations).toEqual([]);
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The e-mails the server wrote to its outbox, newest last. */
export function readOutbox(dataDir = inject("dataDir")): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
}

/** The first link in the newest e-mail sent to `to`. */
export function latestLinkTo(to: string, dataDir?: string): string {
  const message = readOutbox(dataDir)
    .filter((m) => m.to === to)
    .at(-1);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no e-mail with a link to ${to}`);
  return link;
}
