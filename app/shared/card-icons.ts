import {
  Activity,
  Award,
  BookOpenCheck,
  Briefcase,
  Building,
  Building2,
  CalendarDays,
  ClipboardCheck,
  Clock,
  Compass,
  Dumbbell,
  Eye,
  FileText,
  Flag,
  FlaskConical,
  Goal,
  GraduationCap,
  HandCoins,
  HandHeart,
  Handshake,
  HeartHandshake,
  HeartPulse,
  House,
  HousePlus,
  Images,
  Landmark,
  Leaf,
  Lightbulb,
  type LucideIcon,
  MapPin,
  MapPinned,
  Medal,
  Megaphone,
  MessageSquareHeart,
  MonitorSmartphone,
  Music,
  Network,
  Newspaper,
  Palette,
  Phone,
  Rocket,
  Scale,
  ShieldCheck,
  Sparkles,
  Sprout,
  Star,
  Stethoscope,
  Target,
  ThumbsUp,
  TrendingUp,
  Users,
  UsersRound,
} from "lucide-react";

/**
 * The curated icons a card may show: the icons the site's own cards already use, each with the
 * Arabic name the icon picker shows. A stored card names its icon (`CardIconName`); pages draw
 * it from here. Shared by the card-list editor, the server's checks and any block that shows cards.
 */
export const CARD_ICONS = {
  Activity: { icon: Activity, label: "نشاط" },
  Award: { icon: Award, label: "وسام" },
  BookOpenCheck: { icon: BookOpenCheck, label: "كتاب ولوائح" },
  Briefcase: { icon: Briefcase, label: "حقيبة عمل" },
  Building: { icon: Building, label: "مبنى" },
  Building2: { icon: Building2, label: "مبانٍ" },
  CalendarDays: { icon: CalendarDays, label: "تقويم وفعاليات" },
  ClipboardCheck: { icon: ClipboardCheck, label: "قائمة تحقق" },
  Clock: { icon: Clock, label: "ساعة" },
  Compass: { icon: Compass, label: "بوصلة" },
  Dumbbell: { icon: Dumbbell, label: "رياضة" },
  Eye: { icon: Eye, label: "عين" },
  FileText: { icon: FileText, label: "مستند" },
  Flag: { icon: Flag, label: "علم" },
  FlaskConical: { icon: FlaskConical, label: "بحث" },
  Goal: { icon: Goal, label: "هدف" },
  GraduationCap: { icon: GraduationCap, label: "تعليم" },
  HandCoins: { icon: HandCoins, label: "دعم مالي" },
  HandHeart: { icon: HandHeart, label: "يد وقلب" },
  Handshake: { icon: Handshake, label: "مصافحة" },
  HeartHandshake: { icon: HeartHandshake, label: "تكافل" },
  HeartPulse: { icon: HeartPulse, label: "صحة" },
  House: { icon: House, label: "منزل" },
  HousePlus: { icon: HousePlus, label: "رعاية منزلية" },
  Images: { icon: Images, label: "صور" },
  Landmark: { icon: Landmark, label: "مؤسسة" },
  Leaf: { icon: Leaf, label: "ورقة شجر" },
  Lightbulb: { icon: Lightbulb, label: "فكرة" },
  MapPin: { icon: MapPin, label: "موقع" },
  MapPinned: { icon: MapPinned, label: "خريطة" },
  Medal: { icon: Medal, label: "ميدالية" },
  Megaphone: { icon: Megaphone, label: "مكبّر صوت" },
  MessageSquareHeart: { icon: MessageSquareHeart, label: "رسالة" },
  MonitorSmartphone: { icon: MonitorSmartphone, label: "أجهزة" },
  Music: { icon: Music, label: "موسيقى" },
  Network: { icon: Network, label: "هيكل" },
  Newspaper: { icon: Newspaper, label: "أخبار" },
  Palette: { icon: Palette, label: "فنون" },
  Phone: { icon: Phone, label: "هاتف" },
  Rocket: { icon: Rocket, label: "انطلاق" },
  Scale: { icon: Scale, label: "ميزان" },
  ShieldCheck: { icon: ShieldCheck, label: "حماية" },
  Sparkles: { icon: Sparkles, label: "تميّز" },
  Sprout: { icon: Sprout, label: "نبتة" },
  Star: { icon: Star, label: "نجمة" },
  Stethoscope: { icon: Stethoscope, label: "طب" },
  Target: { icon: Target, label: "غاية" },
  ThumbsUp: { icon: ThumbsUp, label: "إعجاب" },
  TrendingUp: { icon: TrendingUp, label: "نمو" },
  Users: { icon: Users, label: "أشخاص" },
  UsersRound: { icon: UsersRound, label: "مجتمع" },
} as const satisfies Record<string, { icon: LucideIcon; label: string }>;

export type CardIconName = keyof typeof CARD_ICONS;
export const CARD_ICON_NAMES = Object.keys(CARD_ICONS) as CardIconName[];

export const isCardIconName = (name: unknown): name is CardIconName =>
  typeof name === "string" && Object.hasOwn(CARD_ICONS, name);

/** The icon a card names, or undefined for none (or a name no longer in the set). */
export const cardIcon = (name: string | undefined): LucideIcon | undefined =>
  isCardIconName(name) ? CARD_ICONS[name].icon : undefined;

/** The name of one of the curated icons (the code-defined cards hold the components). */
export function cardIconName(icon: LucideIcon | undefined): CardIconName | undefined {
  if (!icon) return undefined;
  return CARD_ICON_NAMES.find((name) => CARD_ICONS[name].icon === icon);
}
