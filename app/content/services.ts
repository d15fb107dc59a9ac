import {
  Activity,
  Building,
  HeartHandshake,
  HousePlus,
  MonitorSmartphone,
  Phone,
  ShieldCheck,
  Sparkles,
  Stethoscope,
} from "lucide-react";
import type { LinkItem, ListItem } from "./items";

/** The two cards of the /services overview. */
export const SERVICE_SECTIONS: LinkItem[] = [
  {
    key: "section-services",
    icon: Stethoscope,
    title: "الخدمات",
    description:
      "رعاية صحية ونفسية واجتماعية ومنزلية، واستشارات عن بُعد، تصل إلى كبير السن حيث يكون.",
    to: "/services/services",
  },
  {
    key: "section-programs",
    icon: Sparkles,
    title: "البرامج",
    description: "برامج في التمكين والتعلّم والإبداع والنشاط، تملأ الأيام بما ينفع ويُبهج.",
    to: "/services/programs",
  },
];

/** The six services of /services/services (spec §2.2, §3: icon, title, description, features). */
export const SERVICES: ListItem[] = [
  {
    key: "health-care",
    icon: Stethoscope,
    title: "الرعاية الصحية المتخصصة",
    description:
      "متابعة طبية وتمريضية يقدّمها مختصون في رعاية المسنين، تركّز على الوقاية والاكتشاف المبكر وحسن التعامل مع الأمراض المزمنة.",
    points: [
      "فحوص دورية وقياس للمؤشرات الحيوية",
      "متابعة الأمراض المزمنة كالسكري وضغط الدم",
      "مراجعة الأدوية وتنظيم مواعيدها",
      "تنسيق المواعيد مع المستشفيات والمراكز الصحية",
    ],
  },
  {
    key: "psychosocial-support",
    icon: HeartHandshake,
    title: "الدعم النفسي والاجتماعي",
    description:
      "جلسات إرشاد ولقاءات اجتماعية تخفّف الوحدة والقلق، وتعيد إلى كبير السن شعوره بالأنس والانتماء.",
    points: [
      "جلسات إرشاد نفسي فردية",
      "لقاءات اجتماعية وزيارات ودّية",
      "إرشاد أسري لمن يرعون كبار السن",
      "برامج للوقاية من العزلة والاكتئاب",
    ],
  },
  {
    key: "home-services",
    icon: HousePlus,
    title: "الخدمات المنزلية",
    description: "نصل إلى كبير السن في بيته حين يصعب عليه الخروج، بزيارات منتظمة من فريق مدرّب.",
    points: [
      "زيارات تمريضية منزلية",
      "المساعدة في العناية الشخصية",
      "تهيئة المنزل للوقاية من السقوط",
      "توفير الأجهزة المساعدة وتدريب الأسرة عليها",
    ],
  },
  {
    key: "remote-consultations",
    icon: MonitorSmartphone,
    title: "الاستشارات عن بُعد",
    description: "استشارات طبية ونفسية واجتماعية بالهاتف أو بالاتصال المرئي، دون عناء التنقّل.",
    points: [
      "استشارات بالاتصال المرئي أو الهاتفي",
      "متابعة دورية للحالات المستقرة",
      "إجابة أسئلة الأسرة وإرشادها",
      "تذكير بالمواعيد والأدوية",
    ],
  },
  {
    key: "rehabilitation",
    icon: Activity,
    title: "التأهيل والتدريب",
    description:
      "علاج طبيعي ووظيفي يساعد كبير السن على استعادة حركته واستقلاليته، مع تدريب الأسر ومقدّمي الرعاية.",
    points: [
      "جلسات علاج طبيعي",
      "تمارين التوازن والوقاية من السقوط",
      "علاج وظيفي لمهارات الحياة اليومية",
      "دورات تدريبية لمقدّمي الرعاية",
    ],
  },
  {
    key: "comprehensive-care",
    icon: ShieldCheck,
    title: "الرعاية الشاملة",
    description:
      "خطة رعاية فردية تجمع الجوانب الصحية والنفسية والاجتماعية، يتابعها منسّق رعاية واحد مع الأسرة.",
    points: [
      "تقييم شامل لاحتياجات المسن",
      "خطة رعاية فردية مكتوبة",
      "منسّق رعاية يتابع الحالة",
      "مراجعة الخطة بانتظام مع الأسرة",
    ],
  },
];

/** The three ways to get a service (spec §2.2: phone, visit, home service). */
export const SERVICE_CHANNELS = [
  {
    key: "channel-phone",
    icon: Phone,
    title: "اتصل بنا",
    description: "تحدّث إلى فريق الاستقبال ليسجّل طلبك ويرشدك إلى الخدمة المناسبة لك أو لقريبك.",
    contact: "phone",
  },
  {
    key: "channel-visit",
    icon: Building,
    title: "زرنا في مقر الجمعية",
    description:
      "يسعدنا استقبالك وأسرتك في مقر الجمعية من الأحد إلى الخميس خلال أوقات الدوام الرسمي.",
    contact: "address",
  },
  {
    key: "channel-home",
    icon: HousePlus,
    title: "اطلب خدمة منزلية",
    description:
      "إن تعذّر على كبير السن الحضور فاطلب زيارة منزلية، ويصلك فريقنا في الموعد الذي يناسبكم.",
    contact: "email",
  },
] as const;

/** The emergency line notice (spec §9: emergency phone availability 24/7). */
export const EMERGENCY_LINE = {
  title: "هاتف الطوارئ متاح 24/7",
  text: "للحالات العاجلة لكبار السن المسجّلين لدينا، فريقنا على أهبة الاستعداد على مدار الساعة طوال أيام الأسبوع. وفي الحالات الطبية الطارئة اتصل بالهلال الأحمر على الرقم 997.",
};
