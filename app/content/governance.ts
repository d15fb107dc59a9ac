import {
  BookOpenCheck,
  Briefcase,
  ClipboardCheck,
  Eye,
  FileText,
  Landmark,
  Network,
  Scale,
  ShieldCheck,
  Users,
  UsersRound,
} from "lucide-react";
import type { IconItem, ListItem } from "./items";

/** The four governance principles (spec §2.2). */
export const PRINCIPLES: IconItem[] = [
  {
    key: "principle-transparency",
    icon: Eye,
    title: "الشفافية",
    description: "نُفصح عن أنشطتنا ومواردنا وأوجه صرفها بوضوح لكل من يهمّه الأمر.",
  },
  {
    key: "principle-accountability",
    icon: Scale,
    title: "المساءلة",
    description: "لكل قرار مسؤول، ولكل ريال أثر يُقاس ويُسأل عنه.",
  },
  {
    key: "principle-participation",
    icon: Users,
    title: "المشاركة",
    description: "نُشرك المستفيدين وأسرهم والمتطوعين والشركاء في تطوير خدماتنا وقراراتنا.",
  },
  {
    key: "principle-compliance",
    icon: ShieldCheck,
    title: "الامتثال",
    description: "نلتزم بالأنظمة واللوائح الصادرة عن الجهات المشرفة على القطاع غير الربحي.",
  },
];

/** The organisational structure (spec §2.2), from the board down to the work teams. */
export const STRUCTURE: IconItem[] = [
  {
    key: "structure-board",
    icon: Landmark,
    title: "مجلس الإدارة",
    description: "يرسم التوجه الاستراتيجي، ويعتمد السياسات والخطط والميزانيات، ويتابع الأداء.",
  },
  {
    key: "structure-executive",
    icon: Briefcase,
    title: "الإدارة التنفيذية",
    description: "تقود العمل اليومي، وتنفّذ الخطط، وتدير الموارد والكوادر بكفاءة.",
  },
  {
    key: "structure-committees",
    icon: Network,
    title: "اللجان المتخصصة",
    description:
      "لجان المراجعة والمالية والبرامج والموارد البشرية، تقدّم الرأي المتخصص وتتابع التنفيذ.",
  },
  {
    key: "structure-teams",
    icon: UsersRound,
    title: "فرق العمل",
    description: "فرق ميدانية من المختصين والمتطوعين تقدّم الخدمة لكبار السن وأسرهم.",
  },
];

/** Policies and oversight procedures (spec §2.2). */
export const POLICIES_AND_OVERSIGHT: ListItem[] = [
  {
    key: "policies",
    icon: BookOpenCheck,
    title: "السياسات واللوائح",
    description: "سياسات معتمدة من مجلس الإدارة تنظّم عملنا وتحمي حقوق الجميع:",
    points: [
      "سياسة تعارض المصالح",
      "سياسة الإبلاغ عن المخالفات وحماية المبلّغين",
      "سياسة خصوصية المستفيدين وحماية بياناتهم",
      "سياسة جمع التبرعات وصرفها",
      "سياسة الاحتفاظ بالوثائق وإتلافها",
      "مدوّنة قواعد السلوك للعاملين والمتطوعين",
    ],
  },
  {
    key: "oversight",
    icon: ClipboardCheck,
    title: "إجراءات الرقابة",
    description: "رقابة داخلية وخارجية منتظمة تضمن سلامة القرارات وحسن استخدام الموارد:",
    points: [
      "مراجعة داخلية دورية للعمليات المالية والإدارية",
      "تدقيق سنوي للقوائم المالية من مراجع حسابات خارجي مرخّص",
      "اجتماع سنوي للجمعية العمومية لاعتماد التقارير والقوائم المالية",
      "متابعة ربع سنوية لمؤشرات الأداء ترفع إلى مجلس الإدارة",
    ],
  },
];

/** What the association publishes (reports and transparency, spec §2.2). */
export const REPORTS: IconItem[] = [
  {
    key: "report-annual",
    icon: FileText,
    title: "التقرير السنوي",
    description: "حصاد العام من خدمات وبرامج ومستفيدين، وما تحقق من أهدافنا.",
  },
  {
    key: "report-financial",
    icon: Scale,
    title: "القوائم المالية المدققة",
    description: "إيرادات الجمعية ومصروفاتها كما اعتمدها مراجع الحسابات الخارجي.",
  },
  {
    key: "report-performance",
    icon: ClipboardCheck,
    title: "تقارير الأداء",
    description: "مؤشرات الأداء الربع سنوية ومدى تقدّمنا نحو مستهدفات الخطة الاستراتيجية.",
  },
  {
    key: "report-assembly",
    icon: Users,
    title: "محاضر الجمعية العمومية",
    description: "قرارات الجمعية العمومية في اجتماعاتها العادية وغير العادية.",
  },
];
