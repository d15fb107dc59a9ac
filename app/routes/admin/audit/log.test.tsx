// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { AuditRow } from "~/models/audit-log.server";
import { STAFF_LAYOUT_ID } from "~/shared/staff-layout";
import AuditLog from "./log";

afterEach(cleanup);

const Nothing = () => null;
const at = new Date("2026-11-29T06:00:00Z");
const row = (id: string, fields: Partial<AuditRow>): AuditRow => ({
  id,
  at,
  actorName: "مديرة السجل",
  actorRole: "admin",
  subject: "settings",
  action: "updated",
  itemId: null,
  itemLabel: null,
  before: null,
  after: null,
  ...fields,
});

// The writes wired after the first cut of docs/decisions/075, as their rows are stored.
const ROWS: AuditRow[] = [
  row("1", {
    subject: "event_registrations",
    action: "checked_in",
    itemId: "r1",
    itemLabel: "لقاء الأسر",
    before: { attended: "لم يحضر" },
    after: { attended: "حضر" },
  }),
  row("2", {
    subject: "outreach",
    action: "state_changed",
    itemId: "v1",
    itemLabel: "طلب تطوع",
    before: { status: "جديد" },
    after: { status: "تم التواصل" },
  }),
  row("3", { subject: "campaigns", action: "scheduled", itemId: "c1", itemLabel: "نشرة رمضان" }),
  row("4", { subject: "campaigns", action: "test_sent", itemId: "c1", itemLabel: "نشرة رمضان" }),
  row("5", {
    subject: "content_lists",
    action: "reordered",
    itemId: "/governance#principles",
    itemLabel: "مبادئ الحوكمة: «الشفافية»",
    before: { cards: "النزاهة، الشفافية" },
    after: { cards: "الشفافية، النزاهة" },
  }),
  row("6", {
    subject: "content_lists",
    action: "updated",
    itemId: "/governance#principles",
    before: { cards: "النزاهة", link: "/a" },
    after: { cards: "النزاهة", link: "/b" },
  }),
];

async function renderLog() {
  const Stub = createRoutesStub([
    {
      id: STAFF_LAYOUT_ID,
      path: "/admin/dashboard",
      loader: () => ({
        actor: { id: "u1", role: "admin", email: "admin@rifq.test", fullName: "مديرة السجل" },
      }),
      Component: Outlet,
      HydrateFallback: Nothing,
      children: [
        {
          path: "audit-log",
          Component: AuditLog,
          loader: () => ({
            rows: ROWS,
            total: ROWS.length,
            page: 1,
            hasMore: false,
            pageCount: 1,
            actors: [],
            search: "",
          }),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/admin/dashboard/audit-log"]} />);
  return screen.findByRole("table");
}

/** A row's cells, each as "its column's label (shown to small screens, `data-label`) + its value". */
const cellsOf = (table: HTMLElement, label: string) =>
  within(within(table).getByText(label).closest("tr") as HTMLElement)
    .getAllByRole("cell")
    .map((cell) => `${cell.dataset.label ?? ""}${cell.textContent}`);

test("the new actions and their subjects are named in Arabic, with what changed", async () => {
  const table = await renderLog();
  expect(cellsOf(table, "لقاء الأسر")).toEqual(
    expect.arrayContaining([
      "النوعتسجيلات الفعاليات",
      "الإجراءتسجيل حضور",
      "قبل وبعدالحضور: من لم يحضر إلى حضر",
    ]),
  );
  expect(cellsOf(table, "طلب تطوع")).toEqual(
    expect.arrayContaining(["الإجراءتغيير الحالة", "قبل وبعدالحالة: من جديد إلى تم التواصل"]),
  );
  expect(cellsOf(table, "مبادئ الحوكمة: «الشفافية»")).toEqual(
    expect.arrayContaining([
      "النوعقوائم البطاقات",
      "الإجراءإعادة ترتيب",
      "قبل وبعدالبطاقات: من النزاهة، الشفافية إلى الشفافية، النزاهة",
    ]),
  );
  expect(within(table).getByText("الرابط: من /a إلى /b")).toBeTruthy();
  expect(within(table).getByText("جدولة الإرسال")).toBeTruthy();
  expect(within(table).getByText("إرسال رسالة تجريبية")).toBeTruthy();
  // No raw key of an action is shown.
  expect(table.textContent).not.toMatch(/checked_in|state_changed|scheduled|test_sent|reordered/);
});

test("the action filter offers every action by its Arabic word", async () => {
  await renderLog();
  const options = within(screen.getByRole("combobox", { name: "الإجراء" }))
    .getAllByRole("option")
    .map((option) => option.textContent);
  expect(options).toEqual(
    expect.arrayContaining([
      "تسجيل حضور",
      "جدولة الإرسال",
      "إلغاء الجدولة",
      "إرسال",
      "إرسال رسالة تجريبية",
      "إظهار في الأرشيف",
      "إخفاء من الأرشيف",
      "العودة إلى الأصل",
      "إعادة ترتيب",
    ]),
  );
});
