import {
  Building,
  GraduationCap,
  HandCoins,
  Handshake,
  HeartHandshake,
  House,
  Lightbulb,
  Rocket,
  Sparkles,
  Users,
  UsersRound,
} from "lucide-react";
import type { IconItem } from "./items";

/** The four target groups of the strategy map (spec §2.2). */
export const TARGET_GROUPS: IconItem[] = [
  {
    key: "group-community",
    icon: UsersRound,
    title: "المجتمع",
    description: "نرفع الوعي بحقوق كبار السن، ونعزز ثقافة تقديرهم واحترامهم في كل مكان.",
  },
  {
    key: "group-family",
    icon: House,
    title: "الأسرة",
    description: "نساند الأسر التي ترعى كبارها بالتدريب والاستشارة والدعم النفسي.",
  },
  {
    key: "group-youth",
    icon: Sparkles,
    title: "الشباب",
    description: "نشرك الشباب متطوعين وسفراء للبر، ونمدّ الجسور بين الأجيال.",
  },
  {
    key: "group-elderly",
    icon: HeartHandshake,
    title: "كبار السن",
    description: "المستفيد الأول من خدماتنا وبرامجنا الصحية والنفسية والاجتماعية.",
  },
];

/** The four income sources of the strategy map (spec §2.2). */
export const INCOME_SOURCES: IconItem[] = [
  {
    key: "income-direct-support",
    icon: HandCoins,
    title: "الدعم المباشر",
    description: "تبرعات الأفراد والشركات، والزكاة والأوقاف والهبات.",
  },
  {
    key: "income-initiatives",
    icon: Lightbulb,
    title: "المبادرات والمشاريع",
    description: "مشاريع نوعية تموّلها الجهات المانحة والصناديق التنموية.",
  },
  {
    key: "income-sponsorships",
    icon: Handshake,
    title: "الرعايات",
    description: "رعاية الشركات لبرامجنا وفعالياتنا ضمن مسؤوليتها الاجتماعية.",
  },
  {
    key: "income-social-enterprise",
    icon: Rocket,
    title: "المشاريع الريادية غير الربحية",
    description: "مشاريع اجتماعية مدرّة للدخل يعود ريعها كاملاً على خدمة كبار السن.",
  },
];

/** What each phase aims to reach by its end (spec §9). */
export interface StrategyTargets {
  beneficiaries: number;
  programs: number;
  partnerships: number;
  centers: number;
}

export const TARGET_KEYS = ["beneficiaries", "programs", "partnerships", "centers"] as const;

/** How each target is named beside its figure. */
export const TARGET_LABELS: Record<keyof StrategyTargets, string> = {
  beneficiaries: "المستفيدون",
  programs: "البرامج",
  partnerships: "الشراكات",
  centers: "المراكز",
};

export interface StrategyPhase {
  key: string;
  years: string;
  title: string;
  description: string;
  targets: StrategyTargets;
}

/** The three phases of the 2025-2030 plan with the targets of spec §9. */
export const PHASES: StrategyPhase[] = [
  {
    key: "phase-founding",
    years: "2025-2026",
    title: "مرحلة التأسيس",
    description:
      "بناء الأساس المؤسسي من كوادر وأنظمة وحوكمة، وإطلاق أولى الخدمات والبرامج من مركزنا في الدمام.",
    targets: { beneficiaries: 1000, programs: 5, partnerships: 10, centers: 1 },
  },
  {
    key: "phase-expansion",
    years: "2027-2028",
    title: "مرحلة التوسع",
    description:
      "مدّ خدماتنا إلى مدن المنطقة الشرقية، وتنويع البرامج، وتعميق الشراكات مع القطاعين العام والخاص.",
    targets: { beneficiaries: 3000, programs: 12, partnerships: 25, centers: 3 },
  },
  {
    key: "phase-leadership",
    years: "2029-2030",
    title: "مرحلة الريادة",
    description:
      "ترسيخ مكانة رفق مرجعاً في رعاية كبار السن، ونقل تجربتها وتبادل الخبرات مع الجهات المماثلة.",
    targets: { beneficiaries: 5000, programs: 20, partnerships: 50, centers: 5 },
  },
];

export interface KeyIndicator extends IconItem {
  target: keyof StrategyTargets;
}

/** The four key indicators: the plan is judged by where each target stands in 2030. */
export const KEY_INDICATORS: KeyIndicator[] = [
  {
    key: "indicator-beneficiaries",
    target: "beneficiaries",
    icon: Users,
    title: "عدد المستفيدين",
    description: "كبار السن وأفراد أسرهم الذين تصلهم خدماتنا وبرامجنا.",
  },
  {
    key: "indicator-programs",
    target: "programs",
    icon: GraduationCap,
    title: "عدد البرامج",
    description: "برامج نوعية في التمكين والتعلّم والإبداع والصحة والنشاط البدني.",
  },
  {
    key: "indicator-partnerships",
    target: "partnerships",
    icon: Handshake,
    title: "عدد الشراكات",
    description: "شراكات فاعلة مع جهات حكومية وخاصة وغير ربحية.",
  },
  {
    key: "indicator-centers",
    target: "centers",
    icon: Building,
    title: "عدد المراكز",
    description: "مراكز خدمة قريبة من كبار السن في مدن المنطقة الشرقية.",
  },
];

/** The target an indicator aims at by 2030: the last phase's figure. */
export function indicatorGoal(indicator: KeyIndicator): number {
  const lastPhase = PHASES[PHASES.length - 1];
  return lastPhase.targets[indicator.target];
}
