import { Angry, Frown, Laugh, Meh, MessageSquareHeart, Smile, ThumbsUp } from "lucide-react";
import type { LinkItem } from "./items";

export interface FeedbackAudience extends LinkItem {
  /** The last segment of the survey's path: /feedback/{audience}. */
  audience: string;
}

/** The two satisfaction surveys of /feedback (spec §2.1, §2.2). */
export const FEEDBACK_AUDIENCES: FeedbackAudience[] = [
  {
    key: "feedback-visitors",
    audience: "visitors",
    icon: MessageSquareHeart,
    title: "قياس رضا الزوار",
    description: "شاركنا انطباعك عن زيارتك لمقر الجمعية أو لموقعنا الإلكتروني.",
    to: "/feedback/visitors",
  },
  {
    key: "feedback-beneficiaries",
    audience: "beneficiaries",
    icon: ThumbsUp,
    title: "قياس رضا المستفيدين",
    description: "يسعدنا تقييمك للخدمات والبرامج التي تلقّيتها أنت أو أحد أفراد أسرتك.",
    to: "/feedback/beneficiaries",
  },
];

/** The survey of an audience, or undefined for a path we do not serve. */
export function findFeedbackAudience(audience: string | undefined) {
  return FEEDBACK_AUDIENCES.find((item) => item.audience === audience);
}

export interface SurveyQuestion {
  key: string;
  text: string;
}

/** The 1–5 scale, shown as words and faces as well as numbers. */
export const SATISFACTION_SCALE = [
  { value: 1, face: Angry, label: "غير راضٍ أبداً" },
  { value: 2, face: Frown, label: "غير راضٍ" },
  { value: 3, face: Meh, label: "محايد" },
  { value: 4, face: Smile, label: "راضٍ" },
  { value: 5, face: Laugh, label: "راضٍ جداً" },
] as const;

/** The questions of each survey (at most six; the texts are editable in place). */
export const SURVEY_QUESTIONS: Record<"visitors" | "beneficiaries", SurveyQuestion[]> = {
  visitors: [
    { key: "reception", text: "ما مدى رضاك عن حسن الاستقبال والتعامل؟" },
    { key: "place", text: "ما مدى رضاك عن نظافة المكان وسهولة الوصول إليه؟" },
    { key: "information", text: "ما مدى رضاك عن وضوح المعلومات التي حصلت عليها؟" },
    { key: "website", text: "ما مدى رضاك عن سهولة استخدام موقعنا الإلكتروني؟" },
    { key: "overall", text: "ما مدى رضاك العام عن زيارتك؟" },
  ],
  beneficiaries: [
    { key: "services", text: "ما مدى رضاك عن جودة الخدمات التي تلقّيتها؟" },
    { key: "staff", text: "ما مدى رضاك عن تعامل فريق الجمعية واحترامه؟" },
    { key: "timing", text: "ما مدى رضاك عن مواعيد الخدمة والتزامنا بها؟" },
    { key: "communication", text: "ما مدى رضاك عن سهولة التواصل معنا؟" },
    { key: "overall", text: "ما مدى رضاك العام عن خدمات الجمعية؟" },
  ],
};
