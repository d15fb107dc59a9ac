import type { listConfirmedSubscribersForExport } from "~/models/newsletter.server";
import type { InboxDeclaration } from "~/shared/inbox-fields";

type Subscriber = Awaited<ReturnType<typeof listConfirmedSubscribersForExport>>[number];

/** The newsletter's confirmed subscribers and their CSV (docs/decisions/022, 069). */
export const subscriberInbox: InboxDeclaration<Subscriber> = {
  title: "مشتركو النشرة",
  description: "العناوين التي أكّد أصحابها الاشتراك من الرابط المرسل إليهم؛ وحدها تُحسب.",
  fields: [
    { label: "البريد الإلكتروني", kind: "email", place: "title", value: (row) => row.email },
    { label: "تاريخ التأكيد", kind: "date", value: (row) => row.confirmedAt },
  ],
  fileName: "newsletter",
  empty: {
    title: "لا يوجد مشتركون مؤكَّدون بعد",
    text: "يظهر هنا كل من يشترك من صفحة الأخبار ويؤكد اشتراكه.",
  },
  pages: { label: "صفحات المشتركين", newer: "المشتركون الأحدث", older: "المشتركون الأقدم" },
  erase: {
    role: "admin",
    confirmation: "سيُحذف هذا البريد من قائمة النشرة نهائياً، كما يطلب صاحبه.",
    done: "حُذف المشترك من النشرة",
    failed: "فشل في حذف المشترك",
  },
};
