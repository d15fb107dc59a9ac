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

/** The header menu of spec §2.1. */
export const MENU: MenuItem[] = [
  { title: "الرئيسية", titleKey: "menu-home", path: "/" },
  {
    title: "من نحن",
    titleKey: "menu-about",
    path: "/about",
    subItems: [
      { title: "الرؤية والرسالة والقيم", titleKey: "menu-about-vision", path: "/about/vision" },
      {
        title: "الأهداف الاستراتيجية",
        titleKey: "menu-about-objectives",
        path: "/about/objectives",
      },
      { title: "لماذا جمعية رفق؟", titleKey: "menu-about-why", path: "/about/why" },
      { title: "الخريطة الاستراتيجية", titleKey: "menu-about-strategy", path: "/about/strategy" },
      { title: "نطاق الخدمة", titleKey: "menu-about-service-area", path: "/about/service-area" },
    ],
  },
  { title: "الحوكمة", titleKey: "menu-governance", path: "/governance" },
  {
    title: "خدماتنا",
    titleKey: "menu-services",
    path: "/services",
    subItems: [
      { title: "الخدمات", titleKey: "menu-services-services", path: "/services/services" },
      { title: "البرامج", titleKey: "menu-services-programs", path: "/services/programs" },
    ],
  },
  {
    title: "المركز الإعلامي",
    titleKey: "menu-media",
    path: "/media",
    subItems: [
      { title: "الأخبار", titleKey: "menu-media-news", path: "/media/news" },
      { title: "معرض الوسائط", titleKey: "menu-media-gallery", path: "/media/gallery" },
      { title: "الفعاليات", titleKey: "menu-media-events", path: "/events" },
    ],
  },
  {
    title: "آراء المستفيدين",
    titleKey: "menu-feedback",
    path: "/feedback",
    subItems: [
      { title: "قياس رضا الزوار", titleKey: "menu-feedback-visitors", path: "/feedback/visitors" },
      {
        title: "قياس رضا المستفيدين",
        titleKey: "menu-feedback-beneficiaries",
        path: "/feedback/beneficiaries",
      },
    ],
  },
  { title: "التطوع", titleKey: "menu-volunteer", path: "/volunteer" },
  { title: "تبرع الآن", titleKey: "menu-donate", path: "/donate" },
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
