// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import type { Volunteer } from "~/models/volunteers.server";
import routes from "~/routes";
import { volunteerInbox } from "~/routes/admin/outreach/volunteers-schema";
import type { Role } from "~/shared/roles";
import { STAFF_LAYOUT_ID } from "~/shared/staff-layout";
import { InboxCards } from "./inbox-screen";

afterEach(cleanup);

// The cards of a real declaration (the volunteers' inbox).
const nora: Volunteer = {
  id: "1",
  fullName: "نورة القحطاني",
  phone: "+966501234567",
  email: null,
  city: "khobar",
  interests: ["visits"],
  availability: ["weekends"],
  message: null,
  status: "new",
  staffNote: "ملاحظة داخلية",
  createdAt: new Date("2026-11-27T09:00:00Z"),
  updatedAt: new Date("2026-11-27T09:00:00Z"),
};

const Nothing = () => null;
const NorasCard = () => <InboxCards inbox={volunteerInbox} rows={[nora]} />;

/** The cards under the dashboard layout's route, its loader giving `role`'s actor. */
async function renderCardsAs(role: Role) {
  const Stub = createRoutesStub([
    {
      id: STAFF_LAYOUT_ID,
      path: "/",
      loader: () => ({ actor: { id: "u1", role, email: "staff@rifq.test", fullName: "موظف" } }),
      Component: Outlet,
      HydrateFallback: Nothing,
      children: [{ index: true, Component: NorasCard }],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.findByRole("listitem");
}

describe("an inbox's cards", () => {
  test("show the declared name, badge, details, the mobile to dial, and no empty or file-only line", async () => {
    const card = await renderCardsAs("admin");
    expect(within(card).getByRole("heading", { level: 2, name: "نورة القحطاني" })).toBeTruthy();
    expect(within(card).getByText("جديد")).toBeTruthy();
    expect(within(card).getByText("الخبر")).toBeTruthy();
    const phone = within(card).getByRole("link", { name: "0501234567" });
    expect(phone.getAttribute("href")).toBe("tel:+966501234567");
    expect(within(card).queryByText("البريد")).toBeNull();
    expect(within(card).queryByText("ملاحظة داخلية")).toBeNull();
  });

  test("offer the erase button to the declared role (the layout's actor), not to an editor", async () => {
    const asAdmin = await renderCardsAs("admin");
    expect(within(asAdmin).getByRole("button", { name: "حذف «نورة القحطاني»" })).toBeTruthy();
    cleanup();
    const asEditor = await renderCardsAs("editor");
    expect(within(asEditor).queryByRole("button", { name: /حذف/ })).toBeNull();
  });
});

test("the staff screens' layout has the id useStaffActor reads", () => {
  type Entry = { file: string; id?: string; children?: Entry[] };
  const all = (entries: Entry[]): Entry[] =>
    entries.flatMap((entry) => [entry, ...all(entry.children ?? [])]);
  const layout = all(routes as Entry[]).find(
    (entry) => entry.file === "routes/admin/dashboard-layout.tsx",
  );
  // A route's id is its file without the extension unless one is given.
  expect(layout?.id ?? layout?.file.replace(/\.tsx$/, "")).toBe(STAFF_LAYOUT_ID);
});
