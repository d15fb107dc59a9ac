// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { UserCardData } from "~/components/users/user-card";
import UsersScreen from "./users";

/** Renders nothing (the stubs' hydration fallback and empty pages). */
const Nothing = () => null;
afterEach(cleanup);

const PRIMARY: UserCardData = {
  id: "u-primary",
  fullName: "المدير الأساسي",
  email: "primary@rifq.test",
  avatarUrl: null,
  role: "admin",
  createdAt: new Date("2026-01-15T09:00:00Z"),
};
const ME: UserCardData = { ...PRIMARY, id: "u-me", fullName: "مديرة ثانية", email: "me@rifq.test" };
const NAMELESS: UserCardData = {
  ...PRIMARY,
  id: "u-viewer",
  fullName: "",
  email: "zaid@rifq.test",
  role: "viewer",
};

/** Renders the screen with what its loader would answer. */
async function renderScreen(
  data: {
    users: UserCardData[];
    primaryAdminEmail: string | null;
    currentUserId: string;
    loadError: string | null;
    page?: number;
    hasMore?: boolean;
    pageCount?: number;
  },
  url = "/admin/dashboard/users",
) {
  const Stub = createRoutesStub([
    {
      path: "/admin/dashboard/users",
      Component: UsersScreen,
      loader: () => ({ page: 1, hasMore: false, pageCount: data.users.length ? 1 : 0, ...data }),
      HydrateFallback: Nothing,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  await screen.findByRole("heading", { level: 1, name: "المستخدمون" });
}

const cardOf = (email: string) => screen.getByText(email).closest("li") as HTMLElement;

test("the primary admin wears the crown and has no role selector for another admin", async () => {
  await renderScreen({
    users: [PRIMARY, ME, NAMELESS],
    primaryAdminEmail: "primary@rifq.test",
    currentUserId: "u-me",
    loadError: null,
  });
  const primary = within(cardOf("primary@rifq.test"));
  expect(primary.getByText("المشرف الأساسي")).toBeTruthy();
  expect(primary.queryByRole("combobox")).toBeNull();
  expect(primary.getByText("مشرف")).toBeTruthy();
  expect(primary.getByText("15 يناير 2026")).toBeTruthy();

  // The current admin may use the selector (the server refuses a lower role).
  const me = within(cardOf("me@rifq.test"));
  expect(me.getByText("(أنت)")).toBeTruthy();
  expect((me.getByRole("combobox") as HTMLSelectElement).value).toBe("admin");

  // No name: 'مستخدم', and the e-mail's first letter as the avatar.
  const nameless = within(cardOf("zaid@rifq.test"));
  expect(nameless.getByRole("heading", { level: 2 }).textContent).toBe("مستخدم");
  expect(nameless.getByText("Z")).toBeTruthy();
  expect(nameless.getByText("مشاهد", { selector: "span" })).toBeTruthy();
  expect(
    within(nameless.getByRole("combobox"))
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["مشاهد", "محرر", "مشرف"]);
});

test("the primary admin sees their own selector", async () => {
  await renderScreen({
    users: [PRIMARY],
    primaryAdminEmail: "primary@rifq.test",
    currentUserId: "u-primary",
    loadError: null,
  });
  expect(within(cardOf("primary@rifq.test")).getByRole("combobox")).toBeTruthy();
});

test("no users: the spec's empty state", async () => {
  await renderScreen({
    users: [],
    primaryAdminEmail: null,
    currentUserId: "u-me",
    loadError: null,
  });
  expect(screen.getByRole("heading", { name: "لا توجد مستخدمين" })).toBeTruthy();
  expect(screen.getByText("لم يتم العثور على أي مستخدمين في النظام")).toBeTruthy();
});

test("a long team comes a page at a time, with links to the other pages", async () => {
  await renderScreen(
    {
      users: [NAMELESS],
      primaryAdminEmail: "primary@rifq.test",
      currentUserId: "u-me",
      loadError: null,
      page: 2,
      hasMore: true,
      pageCount: 3,
    },
    "/admin/dashboard/users?page=2",
  );
  const pages = screen.getByRole("navigation", { name: "صفحات المستخدمين" });
  expect(within(pages).getByText("صفحة 2 من 3")).toBeTruthy();
  expect(within(pages).getByRole("link", { name: "الحسابات الأحدث" }).getAttribute("href")).toBe(
    "/admin/dashboard/users",
  );
  expect(within(pages).getByRole("link", { name: "الحسابات الأقدم" }).getAttribute("href")).toBe(
    "/admin/dashboard/users?page=3",
  );
});

test("a failed load says 'فشل في جلب المستخدمين'", async () => {
  await renderScreen({
    users: [],
    primaryAdminEmail: null,
    currentUserId: "u-me",
    loadError: "فشل في جلب المستخدمين",
  });
  expect(screen.getByText("فشل في جلب المستخدمين")).toBeTruthy();
  expect(screen.queryByText("لا توجد مستخدمين")).toBeNull();
});
