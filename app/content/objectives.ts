import { Flag, FlaskConical, HeartPulse, Lightbulb, Megaphone, Users } from "lucide-react";
import type { IconItem } from "./items";

/** The six strategic goals of /about/objectives, in the spec's order (§2.2). */
export const STRATEGIC_GOALS: IconItem[] = [
  {
    key: "goal-quality-of-life",
    icon: HeartPulse,
    title: "تحسين جودة الحياة",
    description:
      "الارتقاء بصحة كبار السن الجسدية والنفسية والاجتماعية، وتهيئة بيئة آمنة تحفظ كرامتهم واستقلاليتهم.",
  },
  {
    key: "goal-empowerment",
    icon: Users,
    title: "التمكين والمشاركة",
    description:
      "تمكين كبار السن من المشاركة الفاعلة في المجتمع، والإفادة من خبراتهم الطويلة في خدمة الأجيال.",
  },
  {
    key: "goal-innovation",
    icon: Lightbulb,
    title: "الحلول المبتكرة",
    description:
      "تطوير خدمات مبتكرة تستثمر التقنية، كالاستشارات عن بُعد والمتابعة المنزلية، لتصل الرعاية إلى المسن في بيته.",
  },
  {
    key: "goal-research",
    icon: FlaskConical,
    title: "البحث والتطوير",
    description:
      "دعم الدراسات المتخصصة في مجال الشيخوخة، وبناء برامجنا وقراراتنا على المعرفة والأدلة.",
  },
  {
    key: "goal-vision-2030",
    icon: Flag,
    title: "تحقيق رؤية 2030",
    description:
      "الإسهام في مستهدفات رؤية المملكة 2030 وبرنامج جودة الحياة، وتعزيز دور القطاع غير الربحي في التنمية.",
  },
  {
    key: "goal-awareness",
    icon: Megaphone,
    title: "التوعية المجتمعية",
    description:
      "نشر الوعي بحقوق كبار السن واحتياجاتهم، وترسيخ ثقافة البر والتقدير لهم في الأسرة والمجتمع.",
  },
];

/** The commitment card under the goals. */
export const COMMITMENT = {
  title: "التزامنا",
  text: "نلتزم أمام الله ثم أمام كبارنا وأسرهم ومجتمعنا بأن نعمل على هذه الأهداف بأمانة وإتقان، وأن نقيس أثرنا ونعلن نتائجه بشفافية، وأن نضع مصلحة المسن وكرامته فوق كل اعتبار.",
};
