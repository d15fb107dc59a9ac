// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import { SETTING_DEFAULTS } from "~/models/site-settings.server";
import type { Role } from "~/shared/roles";
import Settings from "./settings";

/** Renders nothing (the stubs' hydration fallback and empty pages). */
const Nothing = () => null;
afterEach(cleanup);

const user = (role: Role) => ({ fullName: "سارة", email: "sara@rifq.test", role });

async function renderScreen(data: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/admin/dashboard/settings",
      Component: Settings,
      loader: () => data,
      HydrateFallback: Nothing,
    },
  ]);
  render(<Stub initialEntries={["/admin/dashboard/settings"]} />);
  await screen.findByRole("heading", { level: 1, name: "الإعدادات" });
}

const sectionTitles = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

test("an admin gets the account sections and every site section, with jump links", async () => {
  await renderScreen({
    user: user("admin"),
    twoFactorOn: false,
    site: { settings: SETTING_DEFAULTS, siteUrl: "https://rifq.org.sa", donationChange: null },
    loadError: null,
  });
  const titles = [
    "المعلومات الشخصية",
    "تغيير كلمة المرور",
    "التحقق بخطوتين",
    "إعدادات التسجيل",
    "روابط التواصل الاجتماعي",
    "معلومات الاتصال",
    "حساب التبرعات",
    "رابط الموقع",
  ];
  expect(sectionTitles()).toEqual(titles);
  const links = screen.getByRole("navigation", { name: "أقسام الإعدادات", hidden: true });
  expect(
    [...links.querySelectorAll("a")].map((a) => document.querySelector(a.hash)?.tagName),
  ).toEqual(titles.map(() => "SECTION"));
  // Every field belongs to its form (an anchor sharing a form's id would break that).
  const fields = document.querySelectorAll<HTMLInputElement>("input[name], textarea[name]");
  expect([...fields].filter((field) => !field.form).map((field) => field.name)).toEqual([]);
  expect(
    (screen.getByLabelText("رابط الموقع", { selector: "input" }) as HTMLInputElement).value,
  ).toBe("https://rifq.org.sa");
});

test("editors get their own sections only, two-factor sign-in among them", async () => {
  await renderScreen({ user: user("editor"), twoFactorOn: true, site: null, loadError: null });
  expect(sectionTitles()).toEqual(["المعلومات الشخصية", "تغيير كلمة المرور", "التحقق بخطوتين"]);
  screen.getByText("مفعّل لحسابك.");
  expect(screen.queryByText("إعدادات الموقع — للمديرين فقط")).toBeNull();
});

test("a failed load shows 'فشل في تحميل الإعدادات' and no forms to save defaults with", async () => {
  await renderScreen({
    user: user("admin"),
    twoFactorOn: false,
    site: null,
    loadError: "فشل في تحميل الإعدادات",
  });
  expect(screen.getByRole("alert").textContent).toContain("فشل في تحميل الإعدادات");
  expect(screen.getByRole("link", { name: "إعادة المحاولة" })).toBeTruthy();
  expect(sectionTitles()).toEqual(["المعلومات الشخصية", "تغيير كلمة المرور", "التحقق بخطوتين"]);
});
