// Accessibility audit (issue 13): axe with real Arabic contrast checks, states the other specs
// do not reach, measured text and target sizes on every public page, the text-size and contrast
// control, keyboard focus, and the menus without JavaScript.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  axeViolations,
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
} from "./support/browser";
import { publicPaths } from "./support/public-paths";

/** Every public route a visitor can open (the 404 included). */
const PUBLIC_PATHS = [...publicPaths(), "/no-such-page"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

test("the axe helper measures the contrast of Arabic text", async () => {
  const { page, context } = await openPage(browser);
  await page.setContent(
    `<!doctype html><html lang="ar" dir="rtl"><head><title>تجربة</title></head><body><main><h1>عنوان</h1>
     <p style="color:#b0b0b0;background:#fff;font-size:18px">نص عربي باهت يصعب على كبار السن قراءته</p>
     </main></body></html>`,
  );
  const contrast = (violations: string[]) =>
    violations.filter((v) => v.startsWith("color-contrast"));
  expect(contrast(await axeViolations(page))).toHaveLength(1);
  // Unpatched axe-core takes the Arabic paragraph for an icon ligature and reports nothing.
  const stock = readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");
  expect(contrast(await axeViolations(page, stock))).toEqual([]);
  await context.close();
});

/**
 * Visible text under 16 px and targets smaller than 44×44 px on the page. Exceptions
 * (docs/decisions/028): a link inside a sentence (WCAG 2.5.8's inline exception) and a check box
 * or radio whose whole label is the target.
 */
function measureSizes(page: Page) {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
    };
    const hiddenFromAll = (element: Element) =>
      Boolean(element.closest("[aria-hidden='true'], .sr-only, [hidden]"));
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"`;

    const smallText: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || hiddenFromAll(parent) || !visible(parent))
        continue;
      if (parent.closest("script, style, noscript, svg")) continue;
      const size = Number.parseFloat(getComputedStyle(parent).fontSize);
      if (size < 16) smallText.push(`${describe(parent)} ${size}px`);
    }

    const smallTargets: string[] = [];
    const targets = document.querySelectorAll(
      "a[href], button, summary, select, textarea, input:not([type='hidden']), [role='button'], [tabindex='0']",
    );
    for (const target of targets) {
      if (hiddenFromAll(target) || !visible(target)) continue;
      const ownText = (target.textContent ?? "").trim().length;
      const inSentence =
        target.tagName === "A" &&
        getComputedStyle(target).display === "inline" &&
        (target.parentElement?.textContent ?? "").trim().length > ownText;
      if (inSentence) continue;
      let box = target.getBoundingClientRect();
      if (target.matches("input[type='checkbox'], input[type='radio']")) {
        const label = (target as HTMLInputElement).labels?.[0];
        if (label) box = label.getBoundingClientRect();
      }
      // Rounding: a 44 px box may measure 43.99.
      if (box.width < 43.5 || box.height < 43.5) {
        smallTargets.push(`${describe(target)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return { smallText, smallTargets };
  });
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("every public page at phone and desktop widths", () => {
  test("no text under 16 px, no target under 44×44 px", async () => {
    const phone = await openPage(browser, PHONE);
    const desktop = await openPage(browser, DESKTOP);
    const found: string[] = [];
    for (const path of PUBLIC_PATHS) {
      await Promise.all(
        [
          ["phone", phone.page],
          ["desktop", desktop.page],
        ].map(async ([width, page]) => {
          await (page as Page).goto(path);
          const { smallText, smallTargets } = await measureSizes(page as Page);
          for (const item of [...smallText, ...smallTargets])
            found.push(`${path} ${width}: ${item}`);
        }),
      );
    }
    expect(found).toEqual([]);
    await Promise.all([phone.context.close(), desktop.context.close()]);
  });

  test("at the largest text size every page reflows at 320 px without sideways scrolling", async () => {
    const { page, context } = await openPage(browser, { width: 320, height: 720 });
    await context.addCookies([{ name: "rifq_text_size", value: "150", url: baseURL() }]);
    const overflowing: string[] = [];
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing.push(`${path}: ${overflow}px`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });
});

describe("the text-size and contrast control", () => {
  test("is one Tab after the skip link, applies at once and is rendered by the server next time", async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto("/about");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("تخطَّ إلى المحتوى");
    await page.keyboard.press("Tab");
    const focusedName = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(await focusedName()).toBe("حجم الخط عادي");

    await page.getByRole("button", { name: "حجم الخط كبير جداً" }).click();
    const html = page.locator("html");
    await expect.poll(() => html.getAttribute("data-text-size")).toBe("150");
    expect(
      await page.getByRole("button", { name: "حجم الخط كبير جداً" }).getAttribute("aria-pressed"),
    ).toBe("true");
    const rootSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(rootSize).toBe("27px");
    await page.getByRole("button", { name: "تباين عالٍ" }).click();
    await expect.poll(() => html.getAttribute("data-contrast")).toBe("more");

    // The server renders the choice from the first byte: no flash of the small size.
    const cookie = (await context.cookies())
      .filter((c) => c.name.startsWith("rifq_"))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const served = await fetch(`${baseURL()}/about`, { headers: { cookie } }).then((r) => r.text());
    expect(served).toMatch(/<html lang="ar" dir="rtl" data-text-size="150" data-contrast="more">/);
    await expectAccessible(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("works without JavaScript and follows prefers-contrast: more", async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseURL(),
      javaScriptEnabled: false,
      locale: "ar-SA",
    });
    const page = await context.newPage();
    await page.goto("/governance");
    await page.getByRole("button", { name: "حجم الخط كبير", exact: true }).click();
    await page.waitForURL(`${baseURL()}/governance`);
    expect(await page.locator("html").getAttribute("data-text-size")).toBe("125");
    await context.close();

    const { page: system, context: systemContext } = await openPage(browser, DESKTOP);
    await system.emulateMedia({ contrast: "more" });
    await system.goto("/");
    const muted = await system.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-muted").trim(),
    );
    expect(muted).toBe("#1f2a2e");
    await expect
      .poll(() => system.getByRole("button", { name: "تباين عالٍ" }).getAttribute("aria-pressed"))
      .toBe("true");
    await expectAccessible(system);
    await systemContext.close();
  });
});

describe("the header menus", () => {
  test("parents are links; a dropdown opens by its button, on hover, and closes with Escape", async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "القائمة الرئيسية" });
    for (const [name, path] of [
      ["من نحن", "/about"],
      ["خدماتنا", "/services"],
      ["المركز الإعلامي", "/media"],
      ["آراء المستفيدين", "/feedback"],
    ]) {
      expect(await nav.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(path);
    }
    const toggle = nav.getByRole("button", { name: "صفحات من نحن" });
    // A reader's page gets its app on this first click, which then opens the list.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await nav.getByRole("link", { name: "نطاق الخدمة" }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await nav.getByRole("link", { name: "نطاق الخدمة" }).waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "صفحات من نحن",
    );
    // Hover opens after the spec's delay.
    await nav.getByRole("link", { name: "خدماتنا", exact: true }).hover();
    await nav.getByRole("link", { name: "البرامج" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the phone menu closes with Escape (focus back on its button) and a chosen link focuses the new page's heading", async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto("/");
    const summary = page.locator("summary", { hasText: "القائمة" });
    await summary.click();
    const menu = page.locator("#mobile-menu");
    await menu.waitFor();
    await expectAccessible(page);
    await menu.getByRole("link", { name: "الحوكمة" }).focus();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");

    await summary.click();
    await menu.getByRole("link", { name: "الحوكمة" }).click();
    await page.waitForURL(`${baseURL()}/governance`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("without JavaScript every menu link is reachable at both widths", async () => {
    const expected = [
      "/",
      "/about",
      "/about/vision",
      "/about/service-area",
      "/services",
      "/services/programs",
      "/media",
      "/media/gallery",
      "/feedback",
      "/feedback/beneficiaries",
      "/volunteer",
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({
        viewport,
        baseURL: baseURL(),
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto("/");
      if (viewport === PHONE) await page.locator("summary", { hasText: "القائمة" }).click();
      const nav = page.getByRole("navigation", { name: "القائمة الرئيسية" });
      // Tab through the menu: each link must be visible when it has focus.
      const reached = new Set<string>();
      await nav.getByRole("link").first().focus();
      for (let i = 0; i < 40; i++) {
        const href = await page.evaluate(() => {
          const active = document.activeElement as HTMLAnchorElement | null;
          const box = active?.getBoundingClientRect();
          return active?.closest("nav") && box && box.width > 0
            ? active.getAttribute("href")
            : null;
        });
        if (href) reached.add(href);
        await page.keyboard.press("Tab");
      }
      for (const path of expected) expect(reached, `${viewport.width}px ${path}`).toContain(path);
      await context.close();
    }
  });
});

/** Every staff screen (the admin sees them all). */
const STAFF_PATHS = [
  "/admin",
  "/admin/dashboard",
  "/admin/dashboard/posts",
  "/admin/dashboard/posts/new",
  "/admin/dashboard/videos",
  "/admin/dashboard/videos/new",
  "/admin/dashboard/images",
  "/admin/dashboard/images/new",
  "/admin/dashboard/categories",
  "/admin/dashboard/volunteers",
  "/admin/dashboard/surveys",
  "/admin/dashboard/subscribers",
  "/admin/dashboard/users",
  "/admin/dashboard/settings",
  "/profile",
];

describe("the staff area and the sign-in screens", () => {
  const staff = {} as Record<"phone" | "desktop", Awaited<ReturnType<typeof openPage>>>;
  beforeAll(async () => {
    staff.phone = await openPage(browser, PHONE);
    staff.desktop = await openPage(browser, DESKTOP);
    await login(staff.phone.page, "admin");
    await login(staff.desktop.page, "admin");
  });
  afterAll(async () => {
    await Promise.all([staff.phone.context.close(), staff.desktop.context.close()]);
  });

  test.each(STAFF_PATHS)("%s passes axe at phone and desktop widths", async (path) => {
    const found: string[] = [];
    await Promise.all(
      (["phone", "desktop"] as const).map(async (width) => {
        const { page } = staff[width];
        await page.goto(path);
        await page.locator("main h1").first().waitFor();
        for (const v of await axeViolations(page)) found.push(`${width}: ${v}`);
      }),
    );
    expect(found).toEqual([]);
  });

  test("the staff menu on a phone passes axe, closes with Escape; screens reflow at 320 px", async () => {
    const { page } = staff.phone;
    await page.goto("/admin/dashboard");
    const toggle = page.getByRole("button", { name: "فتح القائمة" });
    await toggle.click();
    await page.getByRole("navigation", { name: "أقسام لوحة التحكم" }).first().waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-controls")))
      .toBe("staff-sidebar");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of ["/admin/dashboard/users", "/admin/dashboard/settings"]) {
      await page.goto(path);
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(PHONE);
  });

  test("a form with errors shows one summary whose links lead to the fields; a delete dialog passes axe", async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await login(page, "admin");
    await page.goto("/admin/dashboard/videos/new");
    await page.getByRole("button", { name: /حفظ/ }).first().click();
    const summary = page.getByRole("region", { name: /يرجى تصحيح/ });
    await summary.waitFor();
    await expectAccessible(page);
    const firstLink = summary.getByRole("link").first();
    const target = (await firstLink.getAttribute("href"))?.slice(1);
    await firstLink.click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(target);

    await page.goto("/admin/dashboard/categories");
    await page.getByRole("button", { name: /تصنيف جديد/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("اسم التصنيف").fill("تصنيف للتجربة");
    await dialog.getByRole("button", { name: "حفظ" }).click();
    await dialog.waitFor({ state: "detached" });
    await dialog.getByLabel("اسم التصنيف").waitFor({ state: "detached" });
    await page.getByRole("button", { name: /تصنيف جديد/ }).click();
    await dialog.getByLabel("اسم التصنيف").fill("تصنيف ثان للتجربة");
    await dialog.getByRole("button", { name: "حفظ" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "حذف «تصنيف للتجربة»" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await expectAccessible(page);
    // Confirming removes the row with its button: focus moves on to a neighbouring row.
    await confirm.getByRole("button", { name: "نعم، احذف" }).click();
    await page.getByRole("button", { name: "حذف «تصنيف للتجربة»" }).waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("tr, li")?.textContent ?? ""))
      .toContain("تصنيف ثان للتجربة");
    await page.getByRole("button", { name: "حذف «تصنيف ثان للتجربة»" }).click();
    await confirm.getByRole("button", { name: "نعم، احذف" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");

    // Saving a settings section keeps focus on its button while it saves and after.
    await page.goto("/admin/dashboard/settings");
    const save = page.getByRole("button", { name: "حفظ معلومات الاتصال" });
    await save.focus();
    await page.keyboard.press("Enter");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      "حفظ معلومات الاتصال",
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the sign-in screens pass axe at both widths, with and without errors", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await openPage(browser, viewport);
      await page.goto("/login");
      await expectAccessible(page);
      await page.getByRole("button", { name: "تسجيل الدخول" }).click();
      await page.getByRole("region", { name: /يرجى تصحيح/ }).waitFor();
      await expectAccessible(page);
      await page.getByRole("tab", { name: "حساب جديد" }).click();
      await expectAccessible(page);
      await page.goto("/setup");
      await expectAccessible(page);
      await context.close();
    }
  });
});

test("edit mode on, and with an editor open, passes axe at both widths", async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, context } = await openPage(browser, viewport);
    await login(page, "admin");
    await page.goto("/about");
    await page.getByRole("button", { name: "تفعيل وضع التحرير" }).click();
    await page.getByRole("button", { name: "إيقاف وضع التحرير" }).waitFor();
    await expectAccessible(page);
    await page.locator("main [data-block]").first().click();
    await page.getByRole("textbox", { name: "تحرير النص" }).waitFor();
    await expectAccessible(page);
    // Closing the text history returns focus to its button, not to <body>.
    await page.getByRole("button", { name: "السجل" }).click();
    const history = page.getByRole("dialog", { name: "سجل تعديلات النص" });
    await history.waitFor();
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-history-button")))
      .toBe(true);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "إيقاف وضع التحرير" }).click();
    await context.close();
  }
});
