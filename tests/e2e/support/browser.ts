import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
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
export async function openPage(browser: Browser, viewport = DESKTOP, url = baseURL()) {
  const context = await browser.newContext({ viewport, baseURL: url, locale: "ar-SA" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Signs in through the real form as one of the fixture accounts. */
export async function login(page: Page, who: AccountName | { email: string; password: string }) {
  const account = typeof who === "string" ? ACCOUNTS[who] : who;
  await page.goto("/login");
  await page.getByLabel("البريد الإلكتروني").fill(account.email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
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
