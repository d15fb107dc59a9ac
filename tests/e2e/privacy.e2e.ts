import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { registerForEvent } from "~/models/event-registrations.server";
import { createFirstAdmin } from "~/models/users.server";
import { registerVolunteer } from "~/models/volunteers.server";
import { events } from "../../database/schema";
import { createTestForm, insertTestAnswer } from "../support/form-answers";
import { launchBrowser, login, openPage } from "./support/browser";
import { insertE2eEvents } from "./support/events";
import { ACCOUNTS } from "./support/fixtures";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";

// Issue 36, item 3 (docs/decisions/073): an admin finds what the site holds about one mobile —
// a form answer with a photo, a volunteer registration, an event registration — downloads it,
// erases it, and a second lookup finds nothing; the photo is gone from the disk.

const MOBILE = "+966561234567";

let server: InProcessServer;
let browser: Browser;
let page: Page;
let photoKey: string;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  await createFirstAdmin(ACCOUNTS.admin);
  await insertE2eEvents(server.db);
  const form = await createTestForm({ title: "طلب زيارة منزلية" });
  photoKey = (await insertTestAnswer({ formId: form.id, phone: MOBILE, photo: true }))
    .photoKey as string;
  await registerVolunteer({
    fullName: "سعاد الراشد",
    phone: MOBILE,
    city: "dammam",
    interests: ["visits"],
    availability: ["weekends"],
    consent: "on",
  });
  const [event] = await server.db.select().from(events);
  await registerForEvent(event.id, { fullName: "سعاد الراشد", phone: MOBILE, attendees: 2 });
  ({ page } = await openPage(browser, { width: 1280, height: 900 }, server.url));
  await login(page, "admin");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const photoOnDisk = () => existsSync(path.join(server.dataDir, "uploads", photoKey));

async function lookUp(spelling: string) {
  await page.goto("/admin/dashboard/privacy");
  await page.getByLabel("رقم الجوال أو البريد الإلكتروني").fill(spelling);
  await page.getByRole("button", { name: "بحث" }).click();
  await page.getByRole("heading", { level: 2 }).first().waitFor();
}

test("a mobile's data is found, exported and erased; nothing of it is left", async () => {
  expect(photoOnDisk()).toBe(true);
  await lookUp("٠٥٦١٢٣٤٥٦٧");
  await expect
    .poll(() => page.getByRole("heading", { name: /ما يحفظه الموقع عن/ }).textContent())
    .toContain(MOBILE);
  for (const group of ["إجابات النماذج والطلبات", "التسجيل في التطوع", "التسجيل في الفعاليات"]) {
    expect(await page.getByRole("heading", { name: new RegExp(group) }).count()).toBe(1);
  }
  expect(await page.getByText("صورة المنزل.png").count()).toBe(1);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "تصدير كل البيانات" }).click(),
  ]);
  const exported = JSON.parse(readFileSync((await download.path()) as string, "utf8"));
  expect(exported.contact).toBe(MOBILE);
  expect(exported.sources["form-answers"].records[0].form).toBe("طلب زيارة منزلية");
  expect(exported.sources.volunteers.records[0].fullName).toBe("سعاد الراشد");
  expect(exported.sources["event-registrations"].records[0].fullName).toBe("سعاد الراشد");
  expect(exported.files[0].name).toBe("صورة المنزل.png");
  expect(exported.files[0].base64.length).toBeGreaterThan(100);

  await page.getByRole("link", { name: "حذف البيانات" }).click();
  const confirmation = page.getByRole("region", { name: /تأكيد حذف بيانات/ });
  await confirmation.waitFor();
  expect(await confirmation.textContent()).toContain("تعود مقاعده إلى الفعالية");
  await confirmation.getByRole("button", { name: "نعم، احذف كل بياناته" }).click();
  const result = page.getByRole("status").filter({ hasText: "حُذفت بيانات" });
  await result.waitFor();
  expect(await result.textContent()).toContain("التسجيل في التطوع: 1");
  expect(await result.textContent()).toContain("إجابات النماذج والطلبات: 1");

  await lookUp("0561234567");
  await page.getByRole("heading", { name: /لا يحفظ الموقع شيئاً/ }).waitFor();
  expect(photoOnDisk()).toBe(false);
});
