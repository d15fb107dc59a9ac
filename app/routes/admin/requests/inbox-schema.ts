import type { RequestFilters, RequestRow } from "~/models/requests.server";
import { requestStates } from "~/shared/form-builder";
import type { InboxDeclaration } from "~/shared/inbox-fields";
import { REQUEST_QUEUE_LABELS, REQUEST_STATE_LABELS, requestQueues } from "~/shared/request-states";

/** The requests inbox and its CSV (docs/decisions/069, 072); the "by form" filter lists the request forms. */
export function requestInbox(forms: { id: string; title: string }[]): InboxDeclaration<RequestRow> {
  return {
    title: "الطلبات",
    description:
      "طلبات الناس من نماذج الطلبات. أسند كل طلب إلى أحد الفريق، وغيّر حالته برسالة قصيرة تصل صاحبه.",
    fields: [
      { label: "رقم الطلب", place: "title", value: (row) => row.reference },
      { label: "الحالة", place: "badge", value: (row) => REQUEST_STATE_LABELS[row.state] },
      { label: "النموذج", value: (row) => row.formTitle },
      { label: "الاسم", value: (row) => row.name },
      { label: "الجوال", kind: "phone", value: (row) => row.phone },
      { label: "البريد", kind: "email", value: (row) => row.email },
      { label: "المسؤول", value: (row) => row.assigneeName ?? "غير مسند" },
      { label: "موعد الإنجاز", value: (row) => row.dueOn },
      { label: "متأخر", value: (row) => (row.overdue ? "نعم" : null) },
      { label: "تاريخ الطلب", kind: "date", value: (row) => row.createdAt },
    ],
    search: {
      label: "ابحث في الطلبات",
      placeholder: "رقم الطلب أو الاسم أو الجوال",
      filters: [
        {
          name: "queue",
          label: "العرض",
          options: [
            { value: "", label: "كل الطلبات" },
            ...requestQueues.map((value) => ({ value, label: REQUEST_QUEUE_LABELS[value] })),
          ],
        },
        {
          name: "state",
          label: "الحالة",
          options: [
            { value: "", label: "كل الحالات" },
            ...requestStates.map((value) => ({ value, label: REQUEST_STATE_LABELS[value] })),
          ],
        },
        {
          name: "form",
          label: "النموذج",
          options: [
            { value: "", label: "كل النماذج" },
            ...forms.map((form) => ({ value: form.id, label: form.title })),
          ],
        },
      ],
    },
    fileName: "requests",
    countLabel: "عدد الطلبات",
    empty: {
      title: "لا توجد طلبات بعد",
      text: "تظهر هنا الطلبات فور إرسالها من نماذج الطلبات.",
    },
    pages: { label: "صفحات الطلبات", newer: "الطلبات الأحدث", older: "الطلبات الأقدم" },
    // No erase button: forgetting a person is the privacy tools' (everything the site holds at once).
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.find((candidate) => candidate === value);

/** The filters in the inbox's address (and its CSV link's). */
export function requestFiltersOf(url: URL): RequestFilters {
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  return {
    q: q || undefined,
    queue: oneOf(requestQueues, url.searchParams.get("queue")),
    state: oneOf(requestStates, url.searchParams.get("state")),
    formId: url.searchParams.get("form")?.slice(0, 40) || undefined,
  };
}
