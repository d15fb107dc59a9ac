import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createAccountAsSystem, createFirstAdmin } from "~/models/users.server";
import {
  builtForms,
  formAnswerFiles,
  formAnswers,
  requestEvents,
  requests,
} from "../../database/schema";
import { imageBytes } from "../support/images";
import { type OutboxMessage, readOutboxFolder } from "../support/outbox";
import { launchBrowser, login, openPage, PHONE } from "./support/browser";
import { ACCOUNTS } from "./support/fixtures";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";

// Issue 36's story (docs/decisions/071–073) in a real browser: the admin builds «طلب زيارة
// منزلية» in the builder (eight kinds of field, a file and the consent box, one moved by its
// buttons), opens it as a request form and puts it in a page; a signed-out reader on a phone with
// JavaScript off sends it with two mistakes, corrects them, attaches a photo and gets a reference
// and an e-mail; an editor assigns the request and schedules it with a message; the follow-up link
// shows it and the state e-mail arrives; the admin exports the CSV and erases the person's data.

const TITLE = "طلب زيارة منزلية";
const SLUG = "home-visit";
const PAGE_TITLE = "زيارات كبار السن";
const NAME = "سعاد الراشد";
const MOBILE = "+966561234567";
const EMAIL = "suad@example.test";
const MESSAGE = "موعد الزيارة يوم الأحد القادم بعد العصر.";

let server: InProcessServer;
let browser: Browser;
let admin: Page;

const outbox = (): OutboxMessage[] => readOutboxFolder(path.join(server.dataDir, "outbox"));
const mailsTo = (to: string) => outbox().filter((mail) => mail.to === to);

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  await createFirstAdmin(ACCOUNTS.admin);
  await createAccountAsSystem({ ...ACCOUNTS.editor, role: "editor" });
  ({ page: admin } = await openPage(browser, { width: 1280, height: 900 }, server.url));
  await login(admin, "admin");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The builder's field cards, in their order. */
const cards = () => admin.locator("fieldset ol > li");

/** Adds a field of the kind named `kindLabel` and names it; resolves with its card. */
async function addField(kindLabel: string, label: string, required = false) {
  const before = await cards().count();
  await admin
    .getByRole("button", { name: kindLabel, exact: true })
    .and(admin.locator("fieldset button"))
    .click();
  await expect.poll(() => cards().count()).toBe(before + 1);
  const card = cards().nth(before);
  await card.getByLabel("عنوان الحقل").fill(label);
  if (required) await card.getByLabel("إجابة هذا الحقل مطلوبة").check();
  return card;
}

test("a home-visit request: built, answered without script, followed up, exported and erased", async () => {
  // 1. The admin builds the form. It starts with a name, a mobile and the consent box.
  await admin.goto("/admin/dashboard/forms/new");
  await admin.locator("html[data-test-app='ready'], body").first().waitFor();
  await expect.poll(() => cards().count()).toBe(3);
  await admin.getByLabel("عنوان النموذج").fill(TITLE);
  await admin.getByLabel("الرابط", { exact: true }).fill(SLUG);
  await addField("بريد إلكتروني", "البريد الإلكتروني", true);
  await addField("تاريخ", "التاريخ المناسب للزيارة");
  const city = await addField("اختيار واحد", "المدينة", true);
  await city.getByLabel("الخيارات، كل خيار في سطر").fill("الدمام\nالخبر\nالأحساء");
  await addField("نص طويل", "وصف حال كبير السن");
  const photo = await addField("ملف (PDF أو صورة)", "صورة المنزل");
  await photo.getByLabel("نوع الملف").selectOption("image");
  // The consent box goes last, by its move buttons (five places down).
  for (let step = 0; step < 5; step++) {
    await admin
      .getByRole("button", { name: "انقل «الموافقة على حفظ البيانات» إلى الأسفل" })
      .click();
  }
  await expect
    .poll(() => cards().last().getByLabel("عنوان الحقل").inputValue())
    .toBe("الموافقة على حفظ البيانات");
  await admin.getByLabel("لماذا نجمع هذه البيانات").fill("لنرتّب زيارة منزلية لكبير السن.");
  await admin.getByLabel("الحالة").selectOption("open");
  await admin.getByLabel(/نموذج طلبات/).check();
  await admin.getByRole("button", { name: "حفظ النموذج" }).click();
  await admin.waitForURL("**/admin/dashboard/forms");
  const [form] = await server.db.select().from(builtForms).where(eq(builtForms.slug, SLUG));
  expect(form.isRequest).toBe(true);
  expect(form.status).toBe("open");
  expect(form.fields.map((field) => field.kind)).toEqual([
    "short_text",
    "mobile",
    "email",
    "date",
    "single_choice",
    "long_text",
    "file",
    "consent",
  ]);

  // 2. It goes in a page from blocks, published.
  await admin.goto("/admin/dashboard/pages/new");
  const text = admin.getByRole("textbox", { name: "النص", exact: true });
  await text.and(admin.locator("[contenteditable]")).waitFor();
  await admin.getByLabel("عنوان الصفحة", { exact: true }).fill(PAGE_TITLE);
  await text.fill("نزور كبار السن في بيوتهم. اطلب زيارة من النموذج أدناه.");
  await admin
    .getByRole("group", { name: "أضف كتلة:" })
    .getByRole("button", { name: "نموذج", exact: true })
    .click();
  await admin.getByRole("textbox", { name: /^رابط النموذج/ }).fill(SLUG);
  await admin.getByLabel("الحالة").selectOption("published");
  await admin.getByRole("button", { name: "حفظ الصفحة" }).click();
  await admin.waitForURL("**/admin/dashboard/pages");
  const row = admin.locator("tbody tr").filter({ hasText: PAGE_TITLE });
  const pagePath = ((await row.locator("[dir='ltr']").first().textContent()) ?? "").trim();
  expect(pagePath).toMatch(/^\/p\//);

  // 3. A signed-out reader on a phone, JavaScript off.
  const readerContext = await browser.newContext({
    viewport: PHONE,
    baseURL: server.url,
    locale: "ar-SA",
    javaScriptEnabled: false,
  });
  const reader = await readerContext.newPage();
  await reader.goto(pagePath);
  await reader.getByRole("heading", { name: PAGE_TITLE }).first().waitFor();
  // Two mistakes: no name, a mobile too short.
  await reader.getByLabel("رقم الجوال").fill("0561");
  await reader.getByLabel("البريد الإلكتروني").fill(EMAIL);
  await reader.getByRole("radio", { name: "الدمام" }).check();
  await reader.getByRole("checkbox").last().check();
  await reader.getByRole("button", { name: "أرسل" }).click();
  await reader.waitForLoadState();
  // Both in one round.
  await expect
    .poll(() => reader.getByLabel("الاسم الكامل").getAttribute("aria-invalid"))
    .toBe("true");
  expect(await reader.getByLabel("رقم الجوال").getAttribute("aria-invalid")).toBe("true");
  expect(await reader.getByLabel("البريد الإلكتروني").getAttribute("aria-invalid")).not.toBe(
    "true",
  );
  expect(await server.db.select().from(formAnswers)).toHaveLength(0);
  // No sideways scrolling on the phone.
  expect(
    await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);

  await reader.getByLabel("الاسم الكامل").fill(NAME);
  await reader.getByLabel("رقم الجوال").fill("0561234567");
  await reader.getByLabel("البريد الإلكتروني").fill(EMAIL);
  if (!(await reader.getByRole("radio", { name: "الدمام" }).isChecked())) {
    await reader.getByRole("radio", { name: "الدمام" }).check();
  }
  const consent = reader.getByRole("checkbox").last();
  if (!(await consent.isChecked())) await consent.check();
  await reader.getByLabel(/صورة المنزل/).setInputFiles({
    name: "البيت.png",
    mimeType: "image/png",
    buffer: await imageBytes({ width: 640, height: 360, background: "#0f6b5c" }),
  });
  await reader.getByRole("button", { name: "أرسل" }).click();
  await reader.waitForURL(/sent=1/);
  const notice = (await reader.getByText("رقم طلبك").textContent()) ?? "";
  const reference = notice.match(/ط-\d{4}-\d{6}/)?.[0] ?? "";
  expect(reference).toMatch(new RegExp(`^ط-${new Date().getFullYear()}-\\d{6}$`));

  const [answer] = await server.db.select().from(formAnswers);
  expect(answer.contactPhone).toBe(MOBILE);
  const [file] = await server.db.select().from(formAnswerFiles);
  const photoOnDisk = () => existsSync(path.join(server.dataDir, "uploads", file.storageKey));
  expect(photoOnDisk()).toBe(true);
  const [request] = await server.db.select().from(requests);
  expect(request.reference).toBe(reference);

  // The acknowledgement, with the follow-up link.
  await expect
    .poll(() => mailsTo(EMAIL).length, { timeout: 30_000, interval: 250 })
    .toBeGreaterThanOrEqual(1);
  const acknowledgement = mailsTo(EMAIL)[0];
  expect(acknowledgement.text).toContain(reference);
  const followUp = acknowledgement.text.match(
    /https?:\/\/\S+\/requests\/follow-up\?token=\S+/,
  )?.[0];
  expect(followUp).toBeTruthy();

  // 4. An editor assigns the request and schedules it with a message.
  const { page: editor } = await openPage(browser, { width: 1280, height: 900 }, server.url);
  await login(editor, "editor");
  await editor.goto(`/admin/dashboard/requests/${request.id}`);
  await editor.getByRole("heading", { name: "المسؤول" }).waitFor();
  await editor.getByLabel("أسند إلى").selectOption({ label: ACCOUNTS.editor.fullName });
  await editor.getByRole("button", { name: "احفظ المسؤول" }).click();
  await expect
    .poll(async () => (await server.db.select().from(requests))[0].assigneeId)
    .toBeTruthy();
  await editor.reload();
  await editor.getByLabel("الحالة الجديدة").selectOption({ label: "تحدّد موعد" });
  await editor.getByLabel("رسالة إلى صاحب الطلب").fill(MESSAGE);
  await editor.getByRole("button", { name: "غيّر الحالة وأرسل الرسالة" }).click();
  await expect
    .poll(async () => (await server.db.select().from(requests))[0].state)
    .toBe("scheduled");

  // 5. The person's follow-up link shows the new state and the message; the e-mail arrives.
  await reader.goto(followUp as string);
  await reader.getByRole("heading", { level: 1 }).waitFor();
  const followUpText = (await reader.locator("main").textContent()) ?? "";
  expect(followUpText).toContain(reference);
  expect(followUpText).toContain("تحدّد موعد");
  expect(followUpText).toContain(MESSAGE);
  await expect
    .poll(() => mailsTo(EMAIL).some((mail) => mail.text.includes(MESSAGE)), {
      timeout: 30_000,
      interval: 250,
    })
    .toBe(true);

  // 6. The admin downloads the answers' CSV…
  await admin.goto(`/admin/dashboard/forms/${form.id}/answers`);
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "تنزيل CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv).toContain(NAME);
  expect(csv).toContain(EMAIL);

  // …and erases the person's data from the privacy screen.
  await admin.goto("/admin/dashboard/privacy");
  await admin.getByLabel("رقم الجوال أو البريد الإلكتروني").fill("0561234567");
  await admin.getByRole("button", { name: "بحث" }).click();
  await admin.getByRole("heading", { name: /ما يحفظه الموقع عن/ }).waitFor();
  await admin.getByRole("link", { name: "حذف البيانات" }).click();
  const confirmation = admin.getByRole("region", { name: /تأكيد حذف بيانات/ });
  await confirmation.waitFor();
  await confirmation.getByRole("button", { name: "نعم، احذف كل بياناته" }).click();
  await admin.getByRole("status").filter({ hasText: "حُذفت بيانات" }).waitFor();

  // Nothing of it is left: rows and the photo.
  expect(
    await server.db.select().from(formAnswers).where(eq(formAnswers.contactPhone, MOBILE)),
  ).toEqual([]);
  expect(await server.db.select().from(formAnswerFiles)).toEqual([]);
  expect(await server.db.select().from(requests)).toEqual([]);
  expect(await server.db.select().from(requestEvents)).toEqual([]);
  expect(photoOnDisk()).toBe(false);
  await readerContext.close();
});
