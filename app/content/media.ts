import { CalendarDays, Images, Newspaper } from "lucide-react";
import type { LinkItem } from "./items";

/** The cards of the /media overview. */
export const MEDIA_SECTIONS: LinkItem[] = [
  {
    key: "media-news",
    icon: Newspaper,
    title: "الأخبار",
    description: "آخر أخبار الجمعية وبرامجها وفعالياتها وشراكاتها.",
    to: "/media/news",
  },
  {
    key: "media-gallery",
    icon: Images,
    title: "معرض الوسائط",
    description: "صور ومقاطع مرئية توثّق أنشطتنا ولحظات الفرح مع كبارنا.",
    to: "/media/gallery",
  },
  {
    key: "media-events",
    icon: CalendarDays,
    title: "الفعاليات",
    description: "فعالياتنا القادمة وما مضى منها، وسجّل لحضورها بخطوة واحدة.",
    to: "/events",
  },
];
