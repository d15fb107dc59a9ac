import { z } from "zod";
import { CITIES } from "~/content/cities";
import {
  availabilityLabels,
  interestLabels,
  OTHER_CITY,
  VOLUNTEER_STATUS_LABELS,
} from "~/content/volunteer";
import type { Volunteer } from "~/models/volunteers.server";
import { cardIntent, contactFields, type InboxDeclaration } from "~/shared/inbox-fields";
import { cityName } from "~/shared/outreach-fields";
import { volunteerStatuses } from "~/shared/statuses";
import { optionalParagraphs } from "~/shared/text-fields";

export const VOLUNTEER_STATUS_OPTIONS = volunteerStatuses.map((value) => ({
  value,
  label: VOLUNTEER_STATUS_LABELS[value],
}));

/** The volunteers' inbox and its CSV (docs/decisions/022, 069). */
export const volunteerInbox: InboxDeclaration<Volunteer> = {
  title: "المتطوعون",
  description:
    "طلبات التطوع الواردة من صفحة التطوع. غيّر الحالة بعد التواصل، واحذف بيانات من يطلب ذلك.",
  fields: [
    ...contactFields(),
    { label: "المدينة", value: (row) => cityName(row.city) },
    { label: "المجالات", value: (row) => interestLabels(row.interests).join("، ") },
    { label: "الأوقات", value: (row) => availabilityLabels(row.availability).join("، ") },
    { label: "ملاحظة", place: "note", value: (row) => row.message },
    { label: "الحالة", place: "badge", value: (row) => VOLUNTEER_STATUS_LABELS[row.status] },
    // The card edits it in its status form.
    { label: "ملاحظة الفريق", place: "file", value: (row) => row.staffNote },
    { label: "تاريخ الطلب", kind: "date", value: (row) => row.createdAt },
  ],
  search: {
    label: "ابحث في المتطوعين",
    placeholder: "الاسم أو الجوال أو البريد",
    filters: [
      {
        name: "status",
        label: "الحالة",
        options: [{ value: "", label: "كل الحالات" }, ...VOLUNTEER_STATUS_OPTIONS],
      },
      {
        name: "city",
        label: "المدينة",
        options: [
          { value: "", label: "كل المدن" },
          ...CITIES.map((city) => ({ value: city.key, label: city.name })),
          { value: OTHER_CITY.key, label: OTHER_CITY.name },
        ],
      },
    ],
  },
  fileName: "volunteers",
  countLabel: "عدد الطلبات",
  empty: {
    title: "لا توجد طلبات تطوع بعد",
    text: "تظهر هنا طلبات التطوع فور إرسالها من صفحة التطوع.",
  },
  pages: { label: "صفحات طلبات التطوع", newer: "الطلبات الأحدث", older: "الطلبات الأقدم" },
  erase: {
    role: "admin",
    confirmation:
      "سيُحذف طلب هذا الشخص وكل بياناته نهائياً، كما يطلب من يريد أن تُنسى بياناته. لا يمكن التراجع.",
    done: "حُذفت بيانات المتطوع نهائياً",
    failed: "فشل في حذف بيانات المتطوع",
  },
};

/** The card's status form. */
export const volunteerUpdateSchema = z.object({
  ...cardIntent("update"),
  status: z.enum(volunteerStatuses, { error: "اختر الحالة" }),
  staffNote: optionalParagraphs(1000, "الملاحظة يجب ألا تزيد على 1000 حرف"),
});
