import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
  readOutbox,
} from "./support/browser";
import { RACE_EVENT_SLUG } from "./support/fixtures";

// Events (docs/decisions/052) against the shared built server, whose seed holds a published
// event with five seats (tests/e2e/support/events.ts): a reader registers without JavaScript,
// a second open page sees the seats go down live, staff see the registration and export it.

let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

const EVENT_TITLE = "ورشة الخط العربي";
const EVENT_PATH = `/events/${RACE_EVENT_SLUG}`;

describe("events", () => {
  test("a signed-out reader with JavaScript off registers from /events and sees the confirmation", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      baseURL: baseURL(),
      locale: "ar-SA",
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/events");
    await page.getByRole("heading", { level: 2, name: "الفعاليات القادمة" }).waitFor();
    await page.getByRole("link", { name: EVENT_TITLE }).click();
    await page.getByRole("heading", { level: 1, name: EVENT_TITLE }).waitFor();
    await page.getByTestId("seats-left").filter({ hasText: "المقاعد المتبقية: 5" }).waitFor();

    // Sent with a wrong number: the server answers in Arabic beside the field.
    await page.getByLabel("الاسم الكامل").fill("نورة القحطاني");
    await page.getByLabel("رقم الجوال").fill("12345");
    await page.getByRole("button", { name: "سجّل الآن" }).click();
    await page.getByText("رقم الجوال غير صحيح").filter({ visible: true }).first().waitFor();

    await page.getByLabel("رقم الجوال").fill("055 123 4567");
    await page.getByLabel("البريد الإلكتروني (اختياري)").fill("noura@example.test");
    await page.getByRole("button", { name: "سجّل الآن" }).click();
    await page.getByText("تم تسجيلك يا نورة، ومقاعدك محجوزة (1).").waitFor();
    expect(new URL(page.url()).pathname).toBe("/events/registration");
    await page.getByRole("link", { name: "أضف إلى التقويم" }).waitFor();
    await page.getByRole("button", { name: "ألغِ تسجيلي" }).waitFor();
    const mail = readOutbox().find((message) => message.to === "noura@example.test");
    expect(mail?.subject).toBe(`تأكيد تسجيلك في «${EVENT_TITLE}» — جمعية رفق`);

    // The same number again (written another way) is answered as a sent form, saying nothing of
    // the number (docs/decisions/066); no seat is taken, and the owner's link goes by e-mail.
    await page.goto(EVENT_PATH);
    await page.getByLabel("الاسم الكامل").fill("نورة القحطاني");
    await page.getByLabel("رقم الجوال").fill("+966 55 123 4567");
    await page.getByRole("button", { name: "سجّل الآن" }).click();
    await page.getByText("وصلنا طلب تسجيلك.", { exact: false }).waitFor();
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(
      `${EVENT_PATH}?sent=1`,
    );
    await page.getByTestId("seats-left").filter({ hasText: "المقاعد المتبقية: 4" }).waitFor();
  });

  test("with JavaScript, an open page shows the seats left going down live", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    contexts.push(context);
    const stream = page.waitForResponse((response) => response.url().endsWith("/realtime"));
    await page.goto(EVENT_PATH);
    await stream;
    await expectAccessible(page);
    const seats = page.getByTestId("seats-left");
    await seats.filter({ hasText: "المقاعد المتبقية: 4" }).waitFor();

    // Someone else registers two people meanwhile (another browser, no JavaScript).
    const sent = await fetch(`${baseURL()}${EVENT_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ fullName: "ماجد الشهري", phone: "0509998887", attendees: "2" }),
      redirect: "manual",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toMatch(/^\/events\/registration\?token=/);
    await seats.filter({ hasText: "بقي مقعدان" }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test("staff see the registrations, mark attendance and export a CSV", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    contexts.push(context);
    await login(page, "editor");
    await page.goto("/admin/dashboard/events");
    await page.getByRole("link", { name: `التسجيلات: ${EVENT_TITLE}` }).click();
    await page.getByRole("heading", { level: 2, name: "نورة القحطاني" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "ماجد الشهري" }).waitFor();
    await expectAccessible(page);

    const card = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "نورة القحطاني" }),
    });
    await card.getByRole("button", { name: /سجّل الحضور/ }).click();
    await card.getByRole("button", { name: /حضر ✓/ }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "تنزيل CSV" }).click(),
    ]);
    const bytes = readFileSync((await download.path()) ?? "");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8");
    expect(csv).toContain('"نورة القحطاني","0551234567","noura@example.test","1","مؤكَّد","نعم"');
    expect(csv).toContain('"ماجد الشهري","0509998887","","2","مؤكَّد","لا"');
    expect(errors).toEqual([]);
  });
});
