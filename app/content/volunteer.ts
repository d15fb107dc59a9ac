import { Award, Clock, HandHeart, Users } from "lucide-react";
import type { IconItem } from "./items";

/** The four benefits of volunteering (spec §2.2). */
export const VOLUNTEER_BENEFITS: IconItem[] = [
  {
    key: "benefit-community-service",
    icon: HandHeart,
    title: "خدمة المجتمع",
    description: "أسهم في رعاية كبار السن وإسعادهم، واترك أثراً طيباً يبقى لك أجره.",
  },
  {
    key: "benefit-team",
    icon: Users,
    title: "فريق متميز",
    description: "انضم إلى فريق من المختصين والمتطوعين المحبّين للعطاء، وتعلّم منهم ومعهم.",
  },
  {
    key: "benefit-flexibility",
    icon: Clock,
    title: "مرونة في الوقت",
    description: "اختر الأوقات والمهام التي تناسبك، حضورياً في مقر الجمعية أو عن بُعد.",
  },
  {
    key: "benefit-recognition",
    icon: Award,
    title: "التقدير والشهادات",
    description: "نوثّق ساعات تطوعك ونمنحك شهادة معتمدة، ونحتفي بمتطوعينا في كل عام.",
  },
];

/** The subject and body of the e-mail the register-as-volunteer button opens. */
export const VOLUNTEER_EMAIL = {
  subject: "طلب تسجيل متطوع",
  body: "السلام عليكم،\nأرغب في التطوع مع جمعية رفق.\nالاسم:\nالمدينة:\nرقم الجوال:\nالمجال الذي أحب التطوع فيه:\n",
};

/** A mailto: link to `email` with the volunteer request filled in. */
export function volunteerMailto(email: string): string {
  const query = `subject=${encodeURIComponent(VOLUNTEER_EMAIL.subject)}&body=${encodeURIComponent(VOLUNTEER_EMAIL.body)}`;
  return `mailto:${email}?${query}`;
}
