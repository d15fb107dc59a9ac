import { SURVEY_QUESTIONS } from "~/content/feedback";
import type { SurveyResponse } from "~/models/surveys.server";
import { formatShortDate } from "~/shared/dates";
import type { InboxDeclaration } from "~/shared/inbox-fields";
import type { SurveyAudience } from "~/shared/statuses";

/** An answer as the CSV has it; the screen's comments come without the ratings. */
type SurveyAnswer = Pick<
  SurveyResponse,
  "id" | "comment" | "contactName" | "contactPhone" | "createdAt"
> &
  Partial<Pick<SurveyResponse, "answers">>;

/** One survey's answers and their CSV, a column per question (docs/decisions/022, 069). */
export const surveyInbox = (audience: SurveyAudience): InboxDeclaration<SurveyAnswer> => ({
  title: "نتائج الاستبيانات",
  description:
    "إجابات استبياني رضا الزوار والمستفيدين: العدد ومتوسط كل سؤال وتوزيع التقييمات والتعليقات.",
  fields: [
    { label: "التاريخ", kind: "date", value: (row) => row.createdAt },
    ...SURVEY_QUESTIONS[audience].map((question) => ({
      label: question.text,
      place: "file" as const,
      value: (row: SurveyAnswer) => row.answers?.[question.key],
    })),
    { label: "التعليق", place: "note", value: (row) => row.comment },
    { label: "الاسم", value: (row) => row.contactName },
    { label: "الجوال", kind: "phone", value: (row) => row.contactPhone },
  ],
  fileName: `survey-${audience}`,
  countLabel: "عدد الإجابات",
  empty: { title: "لا توجد إجابات بعد", text: "تظهر هنا الإجابات فور إرسالها من صفحة الاستبيان." },
  pages: { label: "صفحات التعليقات", newer: "التعليقات الأحدث", older: "التعليقات الأقدم" },
  erase: {
    role: "admin",
    name: (row) => `إجابة ${formatShortDate(row.createdAt)}`,
    confirmation:
      "ستُحذف هذه الإجابة بتقييماتها وتعليقها وبيانات التواصل فيها نهائياً، كما يطلب من يريد أن تُنسى بياناته.",
    done: "حُذفت الإجابة نهائياً",
    failed: "فشل في حذف الإجابة",
  },
});
