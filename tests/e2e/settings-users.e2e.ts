import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
  readOutbox,
} from "./support/browser";
import { ACCOUNTS } from "./support/fixtures";

// The admin changes settings and roles through the screens; visitors and the fixture viewer see
// the effect on their next request, or live on pages already open. Every change is undone at
// the end of its test, so the other specs keep the fixtures as they were — except the donation
// account, which cannot go back to "not set" and which no other spec on this server reads.

const SETTINGS = "/admin/dashboard/settings";

let browser: Browser;
let admin: Awaited<ReturnType<typeof openPage>>;

beforeAll(async () => {
  browser = await launchBrowser();
  // One admin session for the whole file: a new sign-in ends the account's other sessions.
  admin = await openPage(browser, DESKTOP);
  await login(admin.page, "admin");
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

/** Waits for a toast with this title and description. */
const toast = (page: Page, title: string, description: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ hasText: title })
    .filter({ hasText: description })
    .first()
    .waitFor();

const section = (page: Page, id: string) => page.locator(`section#${id}`);

async function saveContactInfo(
  page: Page,
  values: { phone: string; email: string; address: string },
) {
  const contact = section(page, "contact-info");
  await contact.getByLabel("رقم الهاتف").fill(values.phone);
  await contact.getByLabel("البريد الإلكتروني").fill(values.email);
  await contact.getByLabel("العنوان").fill(values.address);
  await contact.getByRole("button", { name: "حفظ معلومات الاتصال" }).click();
}

async function setRegistration(page: Page, allowed: boolean) {
  const registration = section(page, "registration");
  await registration.getByLabel("السماح للزوار بإنشاء حسابات جديدة").setChecked(allowed);
  await registration.getByRole("button", { name: "حفظ إعداد التسجيل" }).click();
  await registration.getByText(allowed ? "مفتوح للزوار" : "مغلق", { exact: true }).waitFor();
}

type Marked = Window & { __marker?: string };

/** Opens `path` signed out, waits until it listens to /realtime, and marks the window. */
async function openLivePublicPage(path: string) {
  const visitor = await openPage(browser, PHONE);
  const listening = visitor.page.waitForResponse((r) => r.url().endsWith("/realtime"));
  await visitor.page.goto(path);
  await listening;
  await visitor.page.evaluate(() => {
    (window as Marked).__marker = "same-page";
  });
  return visitor;
}

test("new contact info shows in the footer of an open public page, without a reload", async () => {
  const visitor = await openLivePublicPage("/about");
  const phone = visitor.page.locator('footer [data-setting="contact_info.phone"]');
  const { page } = admin;
  await page.goto(SETTINGS);
  await expectAccessible(page);

  const contact = section(page, "contact-info");
  const original = {
    phone: await contact.getByLabel("رقم الهاتف").inputValue(),
    email: await contact.getByLabel("البريد الإلكتروني").inputValue(),
    address: await contact.getByLabel("العنوان").inputValue(),
  };
  expect(await phone.textContent()).toBe(original.phone);

  try {
    // The browser checks first, with the spec's messages.
    await contact.getByLabel("رقم الهاتف").fill("اتصل بنا");
    await contact.getByRole("button", { name: "حفظ معلومات الاتصال" }).click();
    await contact.getByText("رقم الهاتف غير صحيح").waitFor();

    await saveContactInfo(page, {
      phone: "+966 13 555 7788",
      email: "care@rifq.org.sa",
      address: "الخبر، المنطقة الشرقية",
    });
    await toast(page, "تم التحديث", "حُفظت معلومات الاتصال");

    await expect.poll(() => phone.textContent(), { timeout: 10_000 }).toBe("+966 13 555 7788");
    expect(
      await visitor.page.locator('footer [data-setting="contact_info.email"]').textContent(),
    ).toBe("care@rifq.org.sa");
    expect(
      await visitor.page.locator('footer [data-setting="contact_info.address"]').textContent(),
    ).toBe("الخبر، المنطقة الشرقية");
    expect(await visitor.page.evaluate(() => (window as Marked).__marker)).toBe("same-page");
  } finally {
    await saveContactInfo(page, original);
    await expect.poll(() => phone.textContent(), { timeout: 10_000 }).toBe(original.phone);
  }
  expect(admin.errors).toEqual([]);
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
});

test("closing registration hides the sign-up tab and the home login button", async () => {
  const visitor = await openPage(browser, PHONE);
  const signUpTab = visitor.page.getByRole("tab", { name: "حساب جديد" });
  const homeLogin = visitor.page.getByTestId("hero-login");
  await visitor.page.goto("/auth");
  expect(await signUpTab.count()).toBe(1);

  const { page } = admin;
  await page.goto(SETTINGS);
  try {
    await setRegistration(page, false);
    await toast(page, "تم التحديث", "حُفظ إعداد التسجيل");

    await visitor.page.goto("/auth");
    await visitor.page.getByRole("tab", { name: "تسجيل الدخول" }).waitFor();
    expect(await signUpTab.count()).toBe(0);
    await visitor.page.goto("/");
    await visitor.page.locator("h1").first().waitFor();
    expect(await homeLogin.isVisible()).toBe(false);
  } finally {
    await setRegistration(page, true);
  }
  await visitor.page.goto("/");
  await homeLogin.waitFor();
  await visitor.page.goto("/auth");
  await signUpTab.waitFor();
  expect(admin.errors).toEqual([]);
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
});

test("a donation account change is stored normalised and e-mailed, masked, to the admins", async () => {
  const { page } = admin;
  await page.goto(SETTINGS);
  const donation = section(page, "donation-account");
  const iban = donation.getByLabel("رقم الآيبان (اختياري)");
  await donation.getByLabel("اسم البنك").fill("مصرف الراجحي");
  await donation.getByLabel("رقم الحساب").fill("608010167519");
  // A checksum error is caught before anything is sent.
  await iban.fill("SA03 8000 0000 6080 1016 7518");
  await donation.getByRole("button", { name: "حفظ حساب التبرعات" }).click();
  await donation.getByText(/^رقم الآيبان غير صحيح/).waitFor();

  await iban.fill("sa03 8000 0000 6080 1016 7519");
  await donation.getByRole("button", { name: "حفظ حساب التبرعات" }).click();
  await toast(page, "تم التحديث", "حُفظ حساب التبرعات");
  // The form now shows the value as stored.
  await expect.poll(() => iban.inputValue()).toBe("SA0380000000608010167519");
  await donation.getByText(/^آخر تعديل: مدير الجمعية/).waitFor();

  const notice = readOutbox()
    .filter((m) => m.to === ACCOUNTS.admin.email && m.subject.includes("حساب التبرعات"))
    .at(-1);
  expect(notice?.text).toContain("رقم الآيبان: من (فارغ) إلى ••••7519");
  expect(notice?.text).not.toContain("608010167519");
  expect(readOutbox().some((m) => m.to === ACCOUNTS.editor.email && m.text === notice?.text)).toBe(
    false,
  );
  expect(admin.errors).toEqual([]);
});

/** The card of the account with this e-mail on the users screen. */
const cardOf = (page: Page, email: string): Locator =>
  page.getByRole("listitem").filter({ hasText: email });

async function setRoleOf(page: Page, email: string, label: "محرر" | "مشاهد") {
  const card = cardOf(page, email);
  await card.getByLabel("الدور").selectOption({ label });
  await card.getByRole("button", { name: "تغيير الدور" }).click();
  await card.locator("dd").getByText(label, { exact: true }).waitFor();
  await expect.poll(() => card.getByRole("button", { name: "تغيير الدور" }).isEnabled()).toBe(true);
}

test("a new role applies at the user's next request; the primary admin's role is locked", async () => {
  const viewer = await openPage(browser, PHONE);
  await login(viewer.page, "viewer");
  const newPostButton = viewer.page.getByRole("link", { name: "مقال جديد" });
  const refusal = viewer.page.getByText("ليست لديك صلاحية للقيام بهذا الإجراء");
  expect((await viewer.page.goto("/admin/dashboard/posts"))?.status()).toBe(403);
  await refusal.waitFor();

  const { page } = admin;
  await page.goto(SETTINGS);
  // Opening the list from another screen shows its 5 placeholder cards while it loads.
  await page.route("**/admin/dashboard/users.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "أقسام لوحة التحكم" })
    .getByRole("link", { name: "المستخدمون" })
    .click();
  await expect.poll(() => page.getByTestId("skeleton-card").count()).toBe(5);
  await page.getByRole("heading", { name: "المستخدمون", level: 1 }).waitFor();
  await page.unroute("**/admin/dashboard/users.data*");
  await expectAccessible(page);

  // The primary admin (the fixture admin, created by the setup) wears the crown.
  const self = cardOf(page, ACCOUNTS.admin.email);
  await self.getByText("المشرف الأساسي").waitFor();
  // Lowering one's own role is refused by the server.
  await self.getByLabel("الدور").selectOption({ label: "محرر" });
  await self.getByRole("button", { name: "تغيير الدور" }).click();
  await toast(page, "خطأ", "لا يمكن تغيير دور المشرف الأساسي");
  await expect.poll(() => self.getByLabel("الدور").inputValue()).toBe("admin");
  expect(await self.locator("dd").getByText("مشرف", { exact: true }).count()).toBe(1);

  try {
    await setRoleOf(page, ACCOUNTS.viewer.email, "محرر");
    await toast(page, "تم التحديث", `أصبح دور ${ACCOUNTS.viewer.fullName}: محرر`);
    // Same session, next request: the viewer is now an editor.
    await viewer.page.reload();
    await newPostButton.waitFor();
  } finally {
    await setRoleOf(page, ACCOUNTS.viewer.email, "مشاهد");
  }
  expect((await viewer.page.reload())?.status()).toBe(403);
  await refusal.waitFor();

  // Chrome reports the refused self-demotion's 403 answer in the console; nothing else.
  expect(
    admin.errors.filter((e) => !e.includes("the server responded with a status of 403")),
  ).toEqual([]);
  // …and the viewer's browser, the 403 answers of the staff list it was refused.
  expect(viewer.errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
  await viewer.context.close();
});

test("a viewer's account sections are on /profile, and they work", async () => {
  const viewer = await openPage(browser, PHONE);
  await login(viewer.page, "viewer");
  expect((await viewer.page.goto(SETTINGS))?.status()).toBe(403);
  await viewer.page.goto("/profile");
  await viewer.page.getByRole("heading", { name: "المعلومات الشخصية" }).waitFor();
  expect(await viewer.page.getByRole("heading", { name: "حساب التبرعات" }).count()).toBe(0);
  expect(await viewer.page.getByRole("heading", { name: "إعدادات التسجيل" }).count()).toBe(0);
  await expectAccessible(viewer.page);

  // The personal section posts to the profile's action (the name is kept as it was).
  const name = viewer.page.getByLabel("الاسم الكامل");
  await name.fill("");
  await viewer.page.getByRole("button", { name: "حفظ التغييرات" }).click();
  await viewer.page.getByText("الاسم مطلوب").waitFor();
  await name.fill(ACCOUNTS.viewer.fullName);
  await viewer.page.getByRole("button", { name: "حفظ التغييرات" }).click();
  await toast(viewer.page, "تم التحديث", "تم حفظ معلوماتك الشخصية");
  // A viewer's page is a reader's (docs/decisions/096): the empty name may be sent before the app
  // has come, and the server's refusal of it is a 400 that Chrome reports.
  expect(viewer.errors.filter((e) => !/status of 40[03]/.test(e))).toEqual([]);
  await viewer.context.close();
});
