import { Briefcase, Dumbbell, GraduationCap, Music, Palette, UsersRound } from "lucide-react";
import { type CountedNoun, countOf } from "./format";
import type { ListItem } from "./items";

/** A program lasts a number of months, or runs all year round. */
export type ProgramDuration = { months: number } | "continuous";

export interface Program extends ListItem {
  duration: ProgramDuration;
  /** How many people can take part at a time. */
  capacity: number;
}

const MONTHS: CountedNoun = {
  singular: "شهر",
  dual: "شهران",
  plural: "أشهر",
  accusative: "شهراً",
};
const PARTICIPANTS: CountedNoun = {
  singular: "مشارك",
  dual: "مشاركان",
  plural: "مشاركين",
  accusative: "مشاركاً",
};

/** "6 أشهر", or "مستمر" for a program without an end date. */
export function durationText(duration: ProgramDuration): string {
  return duration === "continuous" ? "مستمر" : countOf(duration.months, MONTHS);
}

/** The participants text of a program: "50 مشاركاً", "100 مشارك". */
export function participantsText(capacity: number): string {
  return countOf(capacity, PARTICIPANTS);
}

/** The six programs of /services/programs, with the durations and capacities of spec §9. */
export const PROGRAMS: Program[] = [
  {
    key: "professional-empowerment",
    icon: Briefcase,
    title: "التمكين المهني",
    description:
      "يفتح لكبار السن أبواب العمل المرن والاستشاري والتطوعي، ويستثمر خبراتهم الطويلة في خدمة المجتمع.",
    duration: { months: 6 },
    capacity: 50,
    points: [
      "ورش لتطوير المهارات وتحديثها",
      "إرشاد مهني فردي",
      "فرص عمل مرن وتطوعي مع شركائنا",
      "لقاءات لنقل الخبرات إلى الشباب",
    ],
  },
  {
    key: "lifelong-learning",
    icon: GraduationCap,
    title: "التعلّم مدى الحياة",
    description:
      "لأن التعلّم لا يعرف عمراً: حلقات ودورات في الثقافة والتقنية والقراءة، بأسلوب ميسّر وإيقاع هادئ.",
    duration: "continuous",
    capacity: 100,
    points: [
      "دورات في استخدام الهاتف الذكي والخدمات الإلكترونية",
      "حلقات لتلاوة القرآن الكريم ومدارسته",
      "محاضرات ثقافية وصحية",
      "نادٍ للقراءة والحوار",
    ],
  },
  {
    key: "arts-creativity",
    icon: Palette,
    title: "الفنون والإبداع",
    description: "مساحة للتعبير بالرسم والخط العربي والحِرف اليدوية، تنعش الذاكرة وتُبهج الروح.",
    duration: { months: 3 },
    capacity: 75,
    points: [
      "ورش الرسم والخط العربي",
      "الحِرف اليدوية والتراثية",
      "معرض سنوي لأعمال المشاركين",
      "جلسات إبداعية جماعية",
    ],
  },
  {
    key: "music-therapy",
    icon: Music,
    title: "العلاج بالموسيقى",
    description:
      "جلسات يقودها مختصون، تستعين بالإيقاع والأصوات الهادئة لتحسين المزاج وتنشيط الذاكرة وتخفيف التوتر.",
    duration: { months: 4 },
    capacity: 40,
    points: [
      "جلسات استماع واسترخاء",
      "تمارين الإيقاع والتنفّس",
      "أنشطة لتنشيط الذاكرة",
      "متابعة من مختصين في العلاج بالموسيقى",
    ],
  },
  {
    key: "community-participation",
    icon: UsersRound,
    title: "المشاركة المجتمعية",
    description:
      "يجمع كبار السن بمجتمعهم في زيارات ورحلات ومبادرات ومناسبات، فيبقون في قلب الحياة.",
    duration: "continuous",
    capacity: 200,
    points: [
      "رحلات وزيارات ثقافية",
      "مبادرات تطوعية يقودها كبار السن",
      "لقاءات تجمع الأجيال",
      "الاحتفاء بالمناسبات الوطنية والاجتماعية",
    ],
  },
  {
    key: "physical-activity",
    icon: Dumbbell,
    title: "النشاط البدني والرياضة",
    description:
      "تمارين تناسب كل عمر وحالة صحية بإشراف مدرّبين مختصين، لتعزيز اللياقة والتوازن والمرونة.",
    duration: { months: 6 },
    capacity: 80,
    points: [
      "المشي الجماعي",
      "تمارين المرونة والتوازن",
      "تمارين مائية بإشراف مختصين",
      "تقييم اللياقة قبل البرنامج وبعده",
    ],
  },
];

/** What taking part gives (the benefits block of /services/programs). */
export const PROGRAM_BENEFITS: string[] = [
  "صحة جسدية ونفسية أفضل",
  "صداقات جديدة وصحبة طيبة",
  "مهارات ومعارف جديدة",
  "شعور بالإنجاز والقيمة",
  "حضور أوسع في المجتمع",
  "شهادة مشاركة من الجمعية",
];

/** The three steps to join a program (spec §2.2: register, assess, start). */
export const JOIN_STEPS = [
  {
    key: "register",
    title: "التسجيل",
    description: "سجّل بالهاتف أو بزيارة مقر الجمعية، بنفسك أو عن طريق أحد أفراد أسرتك.",
  },
  {
    key: "assess",
    title: "التقييم",
    description: "يلتقي بك أحد مختصينا ليتعرّف على احتياجاتك واهتماماتك، ويقترح البرنامج الأنسب لك.",
  },
  {
    key: "start",
    title: "البدء",
    description: "نتفق معك على موعد الانطلاق، ويرافقك فريقنا طوال البرنامج ويتابع تقدّمك.",
  },
];
