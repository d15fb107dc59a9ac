import {
  CalendarDays,
  ClipboardList,
  FilePlus2,
  FileText,
  FolderOpen,
  Image,
  Send,
  Video,
} from "lucide-react";
import { CAMPAIGN_STATUS_LABELS } from "./campaign-status";
import { type ContentType, defineContentType } from "./content-type";
import { DOCUMENT_STATUS_LABELS, documentStatuses } from "./documents";
import { eventStatuses } from "./events";
import { builtFormStatuses } from "./form-builder";
import { NEWS_PATH, POST_ROUTE_ID } from "./paths";
import { STATUS_LABELS } from "./post-status";
import { campaignStatuses, postStatuses, videoStatuses } from "./statuses";

export type { ContentType };

/** News posts (spec §2.5, §2.6); public when published and due (docs/decisions/031). */
const posts = defineContentType({
  name: "posts",
  routeId: "post",
  folder: "posts",
  plural: "المقالات والأخبار",
  icon: FileText,
  nav: "content",
  statuses: postStatuses,
  statusLabels: STATUS_LABELS,
  publicStatuses: ["published"],
  // The post page's id and address are known to the view counter too (server/post-views.ts).
  publicPage: { path: `${NEWS_PATH.slice(1)}/:slug`, file: "news-post", id: POST_ROUTE_ID },
  liveTable: "posts",
  sitemapPart: "posts",
  searchKind: "post",
  tables: ["posts", "post_revisions", "post_drafts"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description: "اكتب المقالات والأخبار وانشرها في صفحة الأخبار.",
    newLabel: "مقال جديد",
    addFirstLabel: "أضف أول مقال",
    search: { label: "ابحث في المقالات", placeholder: "عنوان أو كلمة من المقال" },
    empty: {
      title: "لا توجد مقالات بعد",
      text: "لم يُنشر أي مقال أو خبر حتى الآن. ابدأ بكتابة أول مقال ليظهر في صفحة الأخبار.",
    },
    caption: "قائمة المقالات",
    pages: { label: "صفحات المقالات", newer: "المقالات الأحدث", older: "المقالات الأقدم" },
    toggled: { done: "تم تحديث حالة المقال", failed: "فشل في تحديث حالة المقال" },
    deleted: { done: "تم حذف المقال نهائياً", failed: "فشل في حذف المقال" },
  },
  form: {
    newTitle: "مقال جديد",
    editTitle: "تعديل المقال",
    back: "العودة إلى المقالات",
    created: { title: "تم الإنشاء", description: "أُنشئ المقال بنجاح" },
    updated: "حُفظت تعديلات المقال",
    restored: "أصبحت النسخة المختارة نص المقال الحالي",
  },
});

/** YouTube videos of the media gallery (spec §2.7, docs/decisions/014). */
const videos = defineContentType({
  name: "videos",
  routeId: "video",
  folder: "videos",
  plural: "الفيديوهات",
  icon: Video,
  nav: "content",
  statuses: videoStatuses,
  statusLabels: STATUS_LABELS,
  publicStatuses: ["published"],
  liveTable: "videos",
  sitemapPart: null,
  searchKind: "video",
  tables: ["videos"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description: "أضف مقاطع الجمعية من يوتيوب، وانشرها لتظهر في معرض الوسائط.",
    newLabel: "فيديو جديد",
    addFirstLabel: "أضف أول فيديو",
    search: { label: "ابحث في الفيديوهات", placeholder: "عنوان أو كلمة من الوصف" },
    empty: {
      title: "لا توجد فيديوهات بعد",
      text: "لم يُضف أي فيديو حتى الآن. أضف رابط مقطع من يوتيوب ليظهر في معرض الوسائط.",
    },
    pages: { label: "صفحات الفيديوهات", newer: "الفيديوهات الأحدث", older: "الفيديوهات الأقدم" },
    toggled: { done: "تم تحديث حالة الفيديو", failed: "فشل في تحديث حالة الفيديو" },
    deleted: { done: "تم حذف الفيديو نهائياً", failed: "فشل في حذف الفيديو" },
  },
  form: {
    newTitle: "فيديو جديد",
    editTitle: "تعديل الفيديو",
    back: "العودة إلى الفيديوهات",
    created: { title: "تم الإنشاء", description: "أُضيف الفيديو بنجاح" },
    updated: "حُفظت تعديلات الفيديو",
  },
});

/** The image gallery (spec §2.8): an image has no status, every one is public. */
const images = defineContentType({
  name: "images",
  routeId: "image",
  folder: "images",
  plural: "معرض الصور",
  icon: Image,
  nav: "content",
  statuses: [],
  statusLabels: {},
  publicStatuses: [],
  liveTable: "images",
  sitemapPart: null,
  searchKind: "image",
  tables: ["images"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description: "ارفع صور فعاليات الجمعية وبرامجها لتظهر في معرض الوسائط.",
    newLabel: "رفع صورة",
    addFirstLabel: "ارفع أول صورة",
    search: { label: "ابحث في الصور", placeholder: "عنوان أو كلمة من الوصف" },
    empty: {
      title: "لا توجد صور بعد",
      text: "لم تُرفع أي صورة حتى الآن. ارفع صور الفعاليات والبرامج لتظهر في معرض الوسائط.",
    },
    pages: { label: "صفحات الصور", newer: "الصور الأحدث", older: "الصور الأقدم" },
    deleted: { done: "تم حذف الصورة نهائياً", failed: "فشل في حذف الصورة" },
  },
  form: {
    newTitle: "رفع صورة",
    editTitle: "تعديل الصورة",
    back: "العودة إلى معرض الصور",
    created: { title: "تم الرفع", description: "رُفعت الصورة إلى المعرض" },
    updated: "حُفظت تعديلات الصورة",
  },
});

/** The documents library (docs/decisions/048): PDFs listed on the governance page. */
const documents = defineContentType({
  name: "documents",
  routeId: "document",
  folder: "documents",
  plural: "الوثائق والتقارير",
  icon: FolderOpen,
  nav: "content",
  statuses: documentStatuses,
  statusLabels: DOCUMENT_STATUS_LABELS,
  publicStatuses: ["published"],
  liveTable: "documents",
  sitemapPart: null,
  searchKind: null,
  tables: ["documents"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description:
      "ارفع التقارير السنوية والقوائم المالية والسياسات ومحاضر الاجتماعات بصيغة PDF لتظهر في صفحة الحوكمة.",
    newLabel: "رفع وثيقة",
    addFirstLabel: "ارفع أول وثيقة",
    search: { label: "ابحث في الوثائق", placeholder: "كلمة من عنوان الوثيقة" },
    empty: {
      title: "لا توجد وثائق بعد",
      text: "لم تُرفع أي وثيقة حتى الآن. ارفع التقرير السنوي أو القوائم المالية لتظهر في صفحة الحوكمة.",
    },
    caption: "قائمة الوثائق",
    pages: { label: "صفحات الوثائق", newer: "الوثائق الأحدث", older: "الوثائق الأقدم" },
    toggled: { done: "تغيّرت حالة الوثيقة", failed: "فشل في تغيير حالة الوثيقة" },
    deleted: { done: "حُذفت الوثيقة وملفها نهائياً", failed: "فشل في حذف الوثيقة" },
  },
  form: {
    newTitle: "رفع وثيقة",
    editTitle: "تعديل الوثيقة",
    back: "العودة إلى الوثائق",
    created: { title: "تم الرفع", description: "رُفعت الوثيقة" },
    updated: "حُفظت تعديلات الوثيقة",
  },
});

/** Pages built from blocks, /p/<slug> (docs/decisions/049); only admins delete one. */
const pages = defineContentType({
  name: "pages",
  routeId: "page",
  folder: "pages",
  plural: "الصفحات",
  icon: FilePlus2,
  nav: "content",
  statuses: postStatuses,
  statusLabels: STATUS_LABELS,
  publicStatuses: ["published"],
  publicPage: { path: "p/:slug", file: "page" },
  liveTable: "pages",
  sitemapPart: "built",
  searchKind: "built",
  tables: ["pages", "page_revisions", "page_slug_redirects"],
  access: { read: "editor", write: "editor", remove: "admin" },
  list: {
    description: "ابنِ صفحات جديدة للموقع من كتل: نص وصور وبطاقات وأزرار وفيديو.",
    newLabel: "صفحة جديدة",
    addFirstLabel: "أنشئ أول صفحة",
    search: { label: "ابحث في الصفحات", placeholder: "عنوان أو رابط أو كلمة من الصفحة" },
    empty: {
      title: "لا توجد صفحات بعد",
      text: "أنشئ صفحة لحملة أو مناسبة أو موضوع، وانشرها على الموقع بعنوانها الخاص.",
    },
    caption: "قائمة الصفحات",
    pages: { label: "صفحات القائمة", newer: "الأحدث", older: "الأقدم" },
  },
  form: {
    newTitle: "صفحة جديدة",
    editTitle: "تعديل الصفحة",
    back: "العودة إلى الصفحات",
    created: { title: "تم الإنشاء", description: "أُنشئت الصفحة بنجاح" },
    updated: "حُفظت تعديلات الصفحة",
    restored: "أصبحت النسخة المختارة محتوى الصفحة الحالي",
  },
});

/** Events people register for (docs/decisions/052). */
const events = defineContentType({
  name: "events",
  routeId: "event",
  folder: "events",
  plural: "الفعاليات",
  icon: CalendarDays,
  nav: "outreach",
  statuses: eventStatuses,
  statusLabels: STATUS_LABELS,
  publicStatuses: ["published"],
  publicPage: { path: "events/:slug", file: "event" },
  liveTable: "events",
  sitemapPart: "events",
  searchKind: null,
  tables: ["events", "event_registrations"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description: "أنشئ فعاليات الجمعية وانشرها ليسجّل فيها الناس، وتابع التسجيلات والحضور.",
    newLabel: "فعالية جديدة",
    addFirstLabel: "أنشئ أول فعالية",
    search: { label: "ابحث في الفعاليات", placeholder: "عنوان أو مكان" },
    empty: {
      title: "لا توجد فعاليات بعد",
      text: "أنشئ أول فعالية، وانشرها لتظهر في صفحة الفعاليات.",
    },
    caption: "قائمة الفعاليات",
    pages: { label: "صفحات الفعاليات", newer: "الأحدث", older: "الأقدم" },
    toggled: { done: "تم تحديث حالة الفعالية", failed: "فشل في تحديث حالة الفعالية" },
    deleted: { done: "حُذفت الفعالية نهائياً", failed: "فشل في حذف الفعالية" },
  },
  form: {
    newTitle: "فعالية جديدة",
    editTitle: "تعديل الفعالية",
    back: "العودة إلى الفعاليات",
    created: { title: "تم الإنشاء", description: "أُنشئت الفعالية بنجاح" },
    updated: "حُفظت تعديلات الفعالية",
  },
});

/** Newsletter campaigns (docs/decisions/051): the public archive shows the sent ones. */
const campaigns = defineContentType({
  name: "campaigns",
  routeId: "campaign",
  folder: "campaigns",
  plural: "حملات النشرة",
  icon: Send,
  nav: "outreach",
  statuses: campaignStatuses,
  statusLabels: CAMPAIGN_STATUS_LABELS,
  publicStatuses: ["sent"],
  publicPage: { path: "newsletter/archive/:id", file: "newsletter-archive-item" },
  liveTable: "newsletter_campaigns",
  sitemapPart: null,
  searchKind: null,
  tables: ["newsletter_campaigns", "mail_queue"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description:
      "رسائل النشرة البريدية إلى المشتركين المؤكَّدين: اكتبها، عاينها، جرّبها على بريدك، ثم أرسلها الآن أو في موعد تختاره.",
    newLabel: "حملة جديدة",
    addFirstLabel: "اكتب أول حملة",
    empty: {
      title: "لا توجد حملات بعد",
      text: "اكتب أول رسالة إلى مشتركي النشرة، أو ابدأها من خبر منشور.",
    },
    caption: "حملات النشرة",
    pages: { label: "صفحات الحملات", newer: "الحملات الأحدث", older: "الحملات الأقدم" },
    deleted: { done: "حُذفت الحملة", failed: "فشل في حذف الحملة" },
  },
  form: {
    newTitle: "حملة جديدة",
    editTitle: "تعديل الحملة",
    back: "العودة إلى الحملات",
    created: {
      title: "حُفظت الحملة",
      description: "افتحها من القائمة لمعاينتها وإرسال نسخة تجريبية ثم إرسالها",
    },
    updated: "حُفظت تعديلات الحملة",
  },
});

/**
 * Forms built by staff and answered by the public, /forms/<slug> (issue 36, docs/decisions/071):
 * admins build them; editors read them and their answers.
 */
const forms = defineContentType({
  name: "forms",
  routeId: "built-form",
  folder: "forms",
  plural: "النماذج",
  icon: ClipboardList,
  nav: "outreach",
  statuses: builtFormStatuses,
  statusLabels: { draft: "مسودة", open: "مفتوح", closed: "مغلق" },
  publicStatuses: ["open"],
  publicPage: { path: "forms/:slug", file: "built-form" },
  liveTable: null,
  sitemapPart: "forms",
  searchKind: null,
  tables: [
    "forms",
    "form_answers",
    "form_answer_files",
    "request_counters",
    "requests",
    "request_events",
  ],
  access: { read: "editor", write: "admin", remove: "admin" },
  list: {
    description:
      "ابنِ نماذج يملؤها الناس على الموقع: طلب زيارة، إعارة جهاز، تسجيل في دورة، رأي بعد فعالية.",
    newLabel: "نموذج جديد",
    addFirstLabel: "ابنِ أول نموذج",
    search: { label: "ابحث في النماذج", placeholder: "عنوان النموذج أو رابطه" },
    empty: {
      title: "لا توجد نماذج بعد",
      text: "ابنِ نموذجاً بحقوله، وافتحه ليملأه الناس في صفحته أو داخل صفحة من الكتل.",
    },
    caption: "قائمة النماذج",
    pages: { label: "صفحات النماذج", newer: "الأحدث", older: "الأقدم" },
    deleted: { done: "حُذف النموذج وإجاباته نهائياً", failed: "فشل في حذف النموذج" },
  },
  form: {
    newTitle: "نموذج جديد",
    editTitle: "تعديل النموذج",
    back: "العودة إلى النماذج",
    created: { title: "تم الإنشاء", description: "أُنشئ النموذج بنجاح" },
    updated: "حُفظت تعديلات النموذج",
  },
});

/**
 * Every content type, in the staff sidebar's order (docs/decisions/063). A new type is its
 * declaration above and its name here; routes, navigation, paths and the checks follow.
 */
export const CONTENT_TYPES = {
  posts,
  videos,
  images,
  documents,
  pages,
  events,
  campaigns,
  forms,
};

export type ContentTypeName = keyof typeof CONTENT_TYPES;

export const CONTENT_TYPE_LIST: readonly ContentType[] = Object.values(CONTENT_TYPES);

/** The staff area's root: every staff address starts here (docs/decisions/006). */
export const DASHBOARD_PATH = "/admin/dashboard";

/** A content type's three staff addresses: its list, its new form and an item's edit form. */
export const staffSection = (name: string) => ({
  list: `${DASHBOARD_PATH}/${name}`,
  new: `${DASHBOARD_PATH}/${name}/new`,
  edit: (id: string) => `${DASHBOARD_PATH}/${name}/${id}/edit`,
});

/** The browser tab's title of a staff screen. */
export const staffTitle = (title: string) => `${title} | جمعية رفق`;

/** A form's heading: new or editing. */
export const formTitle = (type: ContentType, editing: boolean) =>
  editing ? type.form.editTitle : type.form.newTitle;

/** A content type's route modules and route ids, relative to app/ (read by app/routes.ts). */
export const staffRouteFiles = (type: ContentType) => ({
  list: `routes/admin/${type.folder}/list.tsx`,
  form: `routes/admin/${type.folder}/form.tsx`,
  newId: `${type.routeId}-new`,
  editId: `${type.routeId}-edit`,
});

/** Every status of every content type (a badge's word and look are one per status). */
export type ContentStatus = {
  [Name in ContentTypeName]: (typeof CONTENT_TYPES)[Name]["statuses"][number];
}[ContentTypeName];

/** The Arabic word of each status, as its types' declarations say it. */
export const STATUS_WORDS = Object.assign(
  {},
  ...CONTENT_TYPE_LIST.map((type) => type.statusLabels),
) as Record<ContentStatus, string>;

/** A form's status choices: the type's statuses in its order, each with its declared word. */
export const statusOptions = <Status extends string>(type: ContentType<Status>) =>
  type.statuses.map((value) => ({ value, label: type.statusLabels[value] }));

/** The `?status=` of a list's address when it is one of the type's statuses, else undefined. */
export function statusParam<Status extends string>(
  type: ContentType<Status>,
  url: string,
): Status | undefined {
  const value = new URL(url).searchParams.get("status");
  return type.statuses.find((status) => status === value);
}
