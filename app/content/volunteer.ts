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

/** The roles a volunteer may choose on the registration form (several at once). */
export const VOLUNTEER_INTERESTS = [
  { key: "visits", label: "زيارة كبار السن ومؤانستهم" },
  { key: "care", label: "الدعم الصحي والرعاية المنزلية" },
  { key: "events", label: "تنظيم الفعاليات والبرامج" },
  { key: "remote", label: "الدعم الإداري والتقني عن بُعد" },
] as const;

export const VOLUNTEER_AVAILABILITY = [
  { key: "weekdays", label: "أيام الأسبوع" },
  { key: "weekends", label: "عطلة نهاية الأسبوع" },
  { key: "evenings", label: "الفترة المسائية" },
] as const;

const labelsOf = (items: readonly { key: string; label: string }[], keys: string[]) =>
  keys.map((key) => items.find((item) => item.key === key)?.label ?? key);
export const interestLabels = (keys: string[]) => labelsOf(VOLUNTEER_INTERESTS, keys);
export const availabilityLabels = (keys: string[]) => labelsOf(VOLUNTEER_AVAILABILITY, keys);

export const VOLUNTEER_STATUS_LABELS = {
  new: "جديد",
  contacted: "تم التواصل",
  accepted: "مقبول",
  declined: "معتذر عنه",
} as const;

/** The cities a volunteer may choose: the six of the service area, or another one. */
export const OTHER_CITY = { key: "other", name: "مدينة أخرى" } as const;
