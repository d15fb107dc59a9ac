import { Compass, Eye, Goal, HandHeart, MapPinned, Target } from "lucide-react";
import type { IconItem, LinkItem } from "./items";

/** The who-we-are text of /about, one paragraph an entry. */
export const WHO_WE_ARE: string[] = [
  "جمعية رفق لرعاية كبار السن جمعية أهلية غير ربحية في المنطقة الشرقية، قامت لتكون سنداً لكبار السن وأسرهم، وبيتاً ثانياً يجدون فيه الرعاية والأنس والتقدير.",
  "نؤمن أن كبير السن ذاكرة المجتمع وبركته، وأن من حقه أن يعيش سنواته بصحة وكرامة وطمأنينة بين أهله. لذلك نقدّم رعاية صحية ونفسية واجتماعية متكاملة، ونفتح أمامه أبواب التعلّم والإبداع والمشاركة، ونقف مع أسرته بالتوجيه والدعم.",
  "نعمل يداً بيد مع الجهات الحكومية والقطاع الخاص والمتطوعين، وننطلق من مستهدفات رؤية المملكة 2030 في بناء مجتمع حيوي يرعى أبناءه في كل مراحل العمر.",
];

/** The three cards of /about that lead to who we are in more depth. */
export const ABOUT_PILLARS: LinkItem[] = [
  {
    key: "about-vision",
    icon: Eye,
    title: "الرؤية والرسالة والقيم",
    description: "ما نطمح إليه، وما نعمل من أجله كل يوم، والقيم التي نحتكم إليها في عملنا.",
    to: "/about/vision",
  },
  {
    key: "about-objectives",
    icon: Target,
    title: "الأهداف الاستراتيجية",
    description: "ستة أهداف ترسم طريقنا نحو حياة أكرم وأسعد لكبار السن في منطقتنا.",
    to: "/about/objectives",
  },
  {
    key: "about-why",
    icon: HandHeart,
    title: "لماذا جمعية رفق؟",
    description: "لماذا قامت الجمعية، والحاجة التي تلبّيها، والأثر الذي تصنعه في المجتمع.",
    to: "/about/why",
  },
];

/** The two cards of /about on where we are heading and where we serve. */
export const ABOUT_PLANS: LinkItem[] = [
  {
    key: "about-strategy",
    icon: Compass,
    title: "الخريطة الاستراتيجية 2025-2030",
    description: "الفئات التي نخدمها، ومصادر دخلنا، ومراحل نمونا ومستهدفات كل مرحلة.",
    to: "/about/strategy",
  },
  {
    key: "about-service-area",
    icon: MapPinned,
    title: "نطاق الخدمة",
    description: "المنطقة الشرقية ومدنها الست، وأعداد كبار السن والمنشآت الصحية في كل مدينة.",
    to: "/about/service-area",
  },
];

/** The vision and mission cards of /about/vision (the values come from home.ts). */
export const VISION_AND_MISSION: IconItem[] = [
  {
    key: "vision",
    icon: Eye,
    title: "رؤيتنا",
    description:
      "أن نكون الجمعية الرائدة في رعاية كبار السن وتمكينهم في المنطقة الشرقية، ليعيش كل مسنٍّ حياة كريمة آمنة موصولة بالعطاء.",
  },
  {
    key: "mission",
    icon: Goal,
    title: "رسالتنا",
    description:
      "تقديم خدمات رعاية متكاملة ومبتكرة لكبار السن وأسرهم، صحياً ونفسياً واجتماعياً، عبر شراكات فاعلة وكوادر مؤهلة، بما يحفظ حقوقهم ويعزز جودة حياتهم.",
  },
];
