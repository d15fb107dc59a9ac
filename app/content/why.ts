import {
  Building2,
  HandHeart,
  HeartHandshake,
  HousePlus,
  MapPin,
  Sprout,
  Stethoscope,
  TrendingUp,
  Users,
  UsersRound,
} from "lucide-react";
import { SERVICE_AREA } from "./cities";
import { formatCount } from "./format";
import type { IconItem } from "./items";

/** The six reasons of /about/why, in the spec's order (§2.2). */
export const REASONS: IconItem[] = [
  {
    key: "reason-few-associations",
    icon: Building2,
    title: "قلة الجمعيات المتخصصة",
    description:
      "ما يزال عدد الجمعيات المتخصصة في رعاية كبار السن بالمنطقة الشرقية قليلاً أمام حجم الحاجة، فجاءت رفق لتسدّ هذه الفجوة.",
  },
  {
    key: "reason-growing-need",
    icon: TrendingUp,
    title: "حاجة متزايدة",
    description: `يعيش في المنطقة الشرقية نحو ${formatCount(SERVICE_AREA.elderly)} من كبار السن وفق إحصاءات عام 2022، ويزداد عددهم عاماً بعد عام مع ارتفاع متوسط الأعمار.`,
  },
  {
    key: "reason-solidarity",
    icon: HeartHandshake,
    title: "التكافل الاجتماعي",
    description:
      "رعاية الكبار من صميم ديننا وقيمنا الأصيلة، والجمعية قناة منظّمة يتكافل من خلالها المجتمع مع كبار السن وأسرهم.",
  },
  {
    key: "reason-community-role",
    icon: Users,
    title: "دور مجتمعي",
    description:
      "نسهم في بناء مجتمع متماسك يعرف لكباره قدرهم، ويتيح لأبنائه فرصة العطاء والتطوع المنظّم.",
  },
  {
    key: "reason-sustainable-development",
    icon: Sprout,
    title: "التنمية المستدامة",
    description: "نعمل وفق خطط بعيدة المدى ومصادر دخل متنوعة، ليبقى أثرنا ممتداً للأجيال القادمة.",
  },
  {
    key: "reason-local-potential",
    icon: MapPin,
    title: "الإمكانات المحلية",
    description:
      "تزخر المنطقة الشرقية بكفاءات صحية ومؤسسات داعمة وشباب محبّ للتطوع، ونحن نجمع هذه الطاقات في خدمة كبارنا.",
  },
];

/** The three social-impact cards of /about/why. */
export const SOCIAL_IMPACT: IconItem[] = [
  {
    key: "impact-families",
    icon: HousePlus,
    title: "أسر أكثر طمأنينة",
    description: "حين يجد المسن الرعاية التي يحتاجها تطمئن أسرته، ويخفّ عنها عبء الرعاية اليومية.",
  },
  {
    key: "impact-elderly",
    icon: HandHeart,
    title: "كبار أكثر مشاركة",
    description: "يعود كبير السن عضواً فاعلاً ينقل خبرته ويشارك في الحياة العامة بدلاً من العزلة.",
  },
  {
    key: "impact-society",
    icon: UsersRound,
    title: "مجتمع أكثر ترابطاً",
    description: "تتقارب الأجيال، وتترسخ قيم البر والوفاء بين الأبناء والآباء والأجداد.",
  },
];

/** The three extra benefits of /about/why. */
export const EXTRA_BENEFITS: IconItem[] = [
  {
    key: "benefit-youth",
    icon: Users,
    title: "فرص تطوع للشباب",
    description: "نفتح أمام الشباب مجالات تطوع منظّمة تنمّي مهاراتهم وتعمّق انتماءهم لمجتمعهم.",
  },
  {
    key: "benefit-health-system",
    icon: Stethoscope,
    title: "تخفيف العبء عن القطاع الصحي",
    description: "الرعاية الوقائية والمنزلية تقلّل مراجعات الطوارئ والتنويم الذي يمكن تجنّبه.",
  },
  {
    key: "benefit-partnerships",
    icon: HeartHandshake,
    title: "شراكات تخدم المنطقة",
    description: "نجمع الجهات الحكومية والخاصة وغير الربحية على عمل مشترك يعود نفعه على الجميع.",
  },
];
