import {
  Eye,
  Handshake,
  HeartHandshake,
  HeartPulse,
  Leaf,
  Lightbulb,
  type LucideIcon,
  Medal,
  ShieldCheck,
  Sparkles,
  Star,
  Users,
} from "lucide-react";

export interface IconItem {
  key: string;
  icon: LucideIcon;
  title: string;
  description: string;
}

/** The four feature cards of the home page (spec §2.2). */
export const FEATURES: IconItem[] = [
  {
    key: "feature-care",
    icon: HeartPulse,
    title: "رعاية شاملة",
    description: "رعاية صحية ونفسية واجتماعية متكاملة تحفظ لكبير السن صحته وكرامته.",
  },
  {
    key: "feature-partnerships",
    icon: Handshake,
    title: "شراكات فاعلة",
    description: "نعمل مع الجهات الحكومية والخاصة والقطاع غير الربحي لتوسيع أثر خدماتنا.",
  },
  {
    key: "feature-rights",
    icon: ShieldCheck,
    title: "حماية الحقوق",
    description: "ندافع عن حقوق كبار السن ونرفع الوعي المجتمعي بها.",
  },
  {
    key: "feature-vision",
    icon: Eye,
    title: "رؤية 2030",
    description: "نسهم في مستهدفات رؤية المملكة 2030 لمجتمع حيوي وجودة حياة أفضل.",
  },
];

/** The nine values of the association (spec §2.2), shared with /about/vision. */
export const VALUES: IconItem[] = [
  {
    key: "value-privacy",
    icon: ShieldCheck,
    title: "الخصوصية",
    description: "نصون خصوصية كبار السن وأسرهم في كل ما نقدمه.",
  },
  {
    key: "value-compassion",
    icon: HeartHandshake,
    title: "الرحمة",
    description: "نتعامل بالرفق واللين ونضع أنفسنا مكان من نخدمه.",
  },
  {
    key: "value-appreciation",
    icon: Medal,
    title: "التقدير",
    description: "نقدّر خبرة كبار السن وعطاءهم للمجتمع.",
  },
  {
    key: "value-benevolence",
    icon: Star,
    title: "الإحسان",
    description: "نتقن عملنا ونقدمه على أحسن وجه.",
  },
  {
    key: "value-care",
    icon: HeartPulse,
    title: "الرعاية",
    description: "نهتم بالاحتياجات الصحية والنفسية والاجتماعية.",
  },
  {
    key: "value-empowerment",
    icon: Sparkles,
    title: "التمكين",
    description: "نمكّن كبار السن من الاستقلالية والمشاركة الفاعلة.",
  },
  {
    key: "value-partnership",
    icon: Users,
    title: "الشراكة",
    description: "نبني شراكات تكاملية تعظّم الأثر.",
  },
  {
    key: "value-innovation",
    icon: Lightbulb,
    title: "الابتكار",
    description: "نبتكر حلولاً جديدة لتحديات الشيخوخة.",
  },
  {
    key: "value-sustainability",
    icon: Leaf,
    title: "الاستدامة",
    description: "نحرص على استدامة الأثر والموارد.",
  },
];
