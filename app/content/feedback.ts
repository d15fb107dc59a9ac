import { MessageSquareHeart, ThumbsUp } from "lucide-react";
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
