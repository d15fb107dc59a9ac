export interface MenuItem {
  title: string;
  /**
   * The content key of the item's label (editable like every public text); none for an item
   * staff named in the menus screen, whose `title` is its label (docs/decisions/050).
   */
  titleKey?: string;
  /** A path of the site, or an external `https://` address. */
  path: string;
  subItems?: MenuItem[];
}

/** An item of the spec's menu: its label is the page text `menu-<key>`, `title` by default. */
const item = (key: string, title: string, path: string, subItems?: MenuItem[]): MenuItem => ({
  title,
  titleKey: `menu-${key}`,
  path,
  ...(subItems && { subItems }),
});

/** The header menu of spec §2.1. */
export const MENU: MenuItem[] = [
  item("home", "الرئيسية", "/"),
  item("about", "من نحن", "/about", [
    item("about-vision", "الرؤية والرسالة والقيم", "/about/vision"),
    item("about-objectives", "الأهداف الاستراتيجية", "/about/objectives"),
    item("about-why", "لماذا جمعية رفق؟", "/about/why"),
    item("about-strategy", "الخريطة الاستراتيجية", "/about/strategy"),
    item("about-service-area", "نطاق الخدمة", "/about/service-area"),
  ]),
  item("governance", "الحوكمة", "/governance"),
  item("services", "خدماتنا", "/services", [
    item("services-services", "الخدمات", "/services/services"),
    item("services-programs", "البرامج", "/services/programs"),
  ]),
  item("media", "المركز الإعلامي", "/media", [
    item("media-news", "الأخبار", "/media/news"),
    item("media-gallery", "معرض الوسائط", "/media/gallery"),
    item("media-events", "الفعاليات", "/events"),
  ]),
  item("feedback", "آراء المستفيدين", "/feedback", [
    item("feedback-visitors", "قياس رضا الزوار", "/feedback/visitors"),
    item("feedback-beneficiaries", "قياس رضا المستفيدين", "/feedback/beneficiaries"),
  ]),
  item("volunteer", "التطوع", "/volunteer"),
  item("donate", "تبرع الآن", "/donate"),
];

/** The sections of the site a menu item may lead to: the spec's menu and the pages beside it. */
export const SITE_SECTIONS: { title: string; path: string }[] = [
  ...MENU.flatMap((item) => [item, ...(item.subItems ?? [])]).map(({ title, path }) => ({
    title,
    path,
  })),
  { title: "الخصوصية وحماية البيانات", path: "/privacy" },
  { title: "البحث في الموقع", path: "/search" },
  { title: "أرشيف النشرة البريدية", path: "/newsletter/archive" },
];
