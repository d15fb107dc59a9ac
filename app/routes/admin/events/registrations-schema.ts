import { z } from "zod";
import type { Registration } from "~/models/event-registrations.server";
import { REGISTRATION_STATUS_LABELS } from "~/shared/events";
import { cardIntent, contactFields, type InboxDeclaration } from "~/shared/inbox-fields";

/** An event's registrations and their CSV (docs/decisions/052, 069). */
export const registrationInbox: InboxDeclaration<Registration> = {
  title: "تسجيلات الفعالية",
  fields: [
    ...contactFields(),
    { label: "عدد الحضور", value: (row) => row.attendees },
    { label: "الحالة", place: "badge", value: (row) => REGISTRATION_STATUS_LABELS[row.status] },
    // The card says it with its attendance button.
    { label: "حضر", place: "file", value: (row) => (row.attended ? "نعم" : "لا") },
    { label: "تاريخ التسجيل", kind: "date", value: (row) => row.createdAt },
  ],
  fileName: "event-registrations",
  countLabel: "عدد التسجيلات",
  empty: { title: "لا تسجيلات بعد", text: "ستظهر هنا تسجيلات الناس في هذه الفعالية." },
  pages: { label: "صفحات التسجيلات", newer: "السابقة", older: "التالية" },
  erase: {
    subject: "event_registrations",
    role: "admin",
    confirmation:
      "سيُحذف تسجيل هذا الشخص وكل بياناته نهائياً، كما يطلب من يريد أن تُنسى بياناته، وتُعطى مقاعده لمن ينتظر. لا يمكن التراجع.",
    done: "حُذفت بيانات المسجّل نهائياً",
    failed: "فشل في حذف بيانات المسجّل",
  },
};

/** The attendance button of a confirmed registration's card. */
export const attendanceSchema = z.object({
  ...cardIntent("attendance"),
  attended: z.enum(["yes", "no"], { error: "طلب غير صالح" }),
});
