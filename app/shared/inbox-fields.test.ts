import { describe, expect, test } from "vitest";
import type { Volunteer } from "~/models/volunteers.server";
import { volunteerInbox } from "~/routes/admin/outreach/volunteers-schema";
import { fieldsAt, inboxCsv, inboxFileName } from "./inbox-fields";

// The skeleton's CSV, fed by a real declaration (the volunteers' inbox).
const typed: Volunteer = {
  id: "1",
  fullName: '=HYPERLINK("http://evil")',
  phone: "+966501234567",
  email: null,
  city: "khobar",
  interests: ["visits", "events"],
  availability: ["weekends"],
  message: "-2+3",
  status: "contacted",
  staffNote: "@SUM(A1)",
  createdAt: new Date("2026-11-27T22:30:00Z"),
  updatedAt: new Date("2026-11-27T22:30:00Z"),
};

describe("an inbox's CSV comes from its declared fields", () => {
  const csv = inboxCsv(volunteerInbox, [typed]);
  const [header, line, end] = csv.slice(1).split("\r\n");

  test("UTF-8 with a byte-order mark, the Arabic labels as its header, in the declared order", () => {
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(header).toBe(
      '"الاسم","الجوال","البريد","المدينة","المجالات","الأوقات","ملاحظة","الحالة","ملاحظة الفريق","تاريخ الطلب"',
    );
    expect(end).toBe("");
  });

  test("what people typed that starts like a formula is text; a mobile local, a date its UTC day", () => {
    expect(line).toBe(
      [
        `"'=HYPERLINK(""http://evil"")"`,
        '"0501234567"',
        '""',
        '"الخبر"',
        '"زيارة كبار السن ومؤانستهم، تنظيم الفعاليات والبرامج"',
        '"عطلة نهاية الأسبوع"',
        `"'-2+3"`,
        '"تم التواصل"',
        `"'@SUM(A1)"`,
        '"2026-11-27"',
      ].join(","),
    );
  });

  test("a field only for the file is a column, never a line of the card", () => {
    expect(fieldsAt(volunteerInbox, "file").map((field) => field.label)).toEqual(["ملاحظة الفريق"]);
    expect(fieldsAt(volunteerInbox, "detail").map((field) => field.label)).not.toContain(
      "ملاحظة الفريق",
    );
  });

  test("the file is named by the inbox and the day", () => {
    expect(inboxFileName(volunteerInbox, new Date("2026-11-28T10:00:00Z"))).toBe(
      "volunteers-2026-11-28.csv",
    );
  });
});
