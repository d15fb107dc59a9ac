import { z } from "zod";
import type { BuiltFormShown } from "./built-form-shown";
import { fromRiyadhInput } from "./dates";
import { documentCategories, type PublicDocument } from "./documents";
import { LONG_TEXT_MAX_LENGTH } from "./form-limits";
import { imageFileSchema } from "./image-rules";
import { DEFAULT_POST_STATUS, POST_STATUSES } from "./post-status";
import { shareImageSchema } from "./share-image-schema";
import { slugify } from "./slug";
import { oneLineText, optionalParagraphs } from "./text-fields";
import { extractYoutubeId, isYoutubeId } from "./youtube";

/**
 * Pages built from blocks (docs/decisions/049). A page is a title, an address `/p/<slug>` and a
 * list of blocks in order; each block is one member of a discriminated union on `type`. A new
 * kind of block is one member here (its stored fields), one editor in
 * app/components/pages/block-editors.tsx and one renderer in app/components/pages/page-blocks.tsx.
 */

/** Where the public reads a page. */
export const PAGES_PREFIX = "/p";
/** The longest address a page may have (its slug, as `slugify` makes it). */
export const PAGE_SLUG_MAX_LENGTH = 200;
export const pagePublicPath = (slug: string) => `${PAGES_PREFIX}/${encodeURIComponent(slug)}`;

/** The icons a card may show: the ones the site's own cards use (app/content). */
export const CARD_ICONS = {
  heart: "قلب ويد",
  "heart-pulse": "صحة",
  users: "أشخاص",
  "hand-heart": "عطاء",
  stethoscope: "رعاية صحية",
  "graduation-cap": "تعلّم",
  briefcase: "عمل",
  palette: "فنون",
  music: "موسيقى",
  dumbbell: "رياضة",
  lightbulb: "فكرة",
  target: "هدف",
  flag: "راية",
  award: "تقدير",
  megaphone: "إعلان",
  "map-pin": "مكان",
  newspaper: "أخبار",
  sprout: "نمو",
  "trending-up": "تقدّم",
  eye: "رؤية",
} as const;
export type CardIcon = keyof typeof CARD_ICONS;
export const CARD_ICON_NAMES = Object.keys(CARD_ICONS) as [CardIcon, ...CardIcon[]];

export const PAGE_MESSAGES = {
  documentsCategoryInvalid: "اختر تصنيف الوثائق من القائمة",
  titleRequired: "عنوان الصفحة مطلوب",
  titleTooLong: "عنوان الصفحة يجب ألا يزيد على 200 حرف",
  slugRequired: "عنوان الصفحة في الرابط مطلوب",
  slugTooLong: "الرابط يجب ألا يزيد على 200 حرف",
  slugTaken: "هذا الرابط مستخدم لصفحة أخرى، اختر رابطاً مختلفاً",
  noBlocks: "أضف كتلة واحدة على الأقل إلى الصفحة",
  tooManyBlocks: "الصفحة لا تتسع لأكثر من 60 كتلة",
  unknownBlock: "نوع الكتلة غير معروف",
  textRequired: "نص الكتلة مطلوب",
  textTooLong: "نص الكتلة يجب ألا يزيد على 50,000 حرف",
  imageRequired: "اختر صورة لكتلة الصورة",
  imageNotOurs: "الصورة يجب أن تكون من صور الموقع المرفوعة",
  altRequired: "اكتب وصفاً للصورة لمن لا يراها",
  altTooLong: "وصف الصورة يجب ألا يزيد على 200 حرف",
  captionTooLong: "التعليق يجب ألا يزيد على 300 حرف",
  headingTooLong: "العنوان يجب ألا يزيد على 200 حرف",
  cardsRequired: "أضف بطاقة واحدة على الأقل",
  tooManyCards: "القائمة لا تتسع لأكثر من 24 بطاقة",
  cardTitleRequired: "عنوان البطاقة مطلوب",
  cardTitleTooLong: "عنوان البطاقة يجب ألا يزيد على 120 حرفاً",
  cardTextTooLong: "نص البطاقة يجب ألا يزيد على 600 حرف",
  iconInvalid: "اختر أيقونة من القائمة",
  linkInvalid: "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https:// لموقع آخر",
  ctaTextRequired: "نص الزر مطلوب",
  ctaTextTooLong: "نص الزر يجب ألا يزيد على 80 حرفاً",
  ctaLinkRequired: "رابط الزر مطلوب",
  videoInvalid: "اكتب رابط فيديو يوتيوب صحيحاً أو معرّفه المكوّن من 11 حرفاً",
  videoTitleTooLong: "عنوان الفيديو يجب ألا يزيد على 200 حرف",
  metaTitleTooLong: "عنوان محركات البحث يجب ألا يزيد على 200 حرف",
  metaDescriptionTooLong: "وصف محركات البحث يجب ألا يزيد على 300 حرف",
  publishAtInvalid: "اكتب تاريخ النشر ووقته كاملين",
  statusInvalid: "اختر حالة الصفحة",
  invalid: "طلب غير صالح",
} as const;

export const PAGE_BLOCKS_MAX = 60;
export const PAGE_CARDS_MAX = 24;
export const PAGE_TEXT_MAX_LENGTH = LONG_TEXT_MAX_LENGTH;

const optionalLine = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .overwrite((text) => text.replace(/\s+/g, " ").trim())
    .max(max, tooLong)
    .optional();

/** A link of a card or a button: a path of this site, or another site over https. */
export const blockLinkSchema = z
  .string({ error: PAGE_MESSAGES.linkInvalid })
  .trim()
  .max(1000, PAGE_MESSAGES.linkInvalid)
  .regex(/^(\/(?![/\\])[^\s]*|https:\/\/[^\s/]+\.[^\s]*)$/, PAGE_MESSAGES.linkInvalid);

/**
 * An image address of ours: our uploads on disk, or the public address of the S3 storage. Only
 * the shape here; the model checks it is an image the site stores.
 */
const ourImagePath = z
  .string({ error: PAGE_MESSAGES.imageNotOurs })
  .trim()
  .max(1000, PAGE_MESSAGES.imageNotOurs)
  .regex(/^(\/uploads\/[^\s?#]+|https:\/\/[^\s?#]+)$/, PAGE_MESSAGES.imageNotOurs);

// ─── The blocks as stored (and as a page renders them) ─────────────────────────────────────

const textBlock = z.object({
  type: z.literal("text"),
  /** The editor's HTML (or plain text without it); sanitized by the model before it is stored. */
  html: z
    .string({ error: PAGE_MESSAGES.textRequired })
    .overwrite((text) => text.replace(/\r\n?/g, "\n").trim())
    .min(1, PAGE_MESSAGES.textRequired)
    .max(PAGE_TEXT_MAX_LENGTH, PAGE_MESSAGES.textTooLong),
});

const imageFields = {
  type: z.literal("image"),
  alt: oneLineText(200, { required: PAGE_MESSAGES.altRequired, tooLong: PAGE_MESSAGES.altTooLong }),
  caption: optionalLine(300, PAGE_MESSAGES.captionTooLong),
};
const imageBlock = z.object({ ...imageFields, src: ourImagePath });

const cardSchema = z.object({
  title: oneLineText(120, {
    required: PAGE_MESSAGES.cardTitleRequired,
    tooLong: PAGE_MESSAGES.cardTitleTooLong,
  }),
  text: optionalParagraphs(600, PAGE_MESSAGES.cardTextTooLong),
  icon: z.enum(CARD_ICON_NAMES, { error: PAGE_MESSAGES.iconInvalid }),
  link: blockLinkSchema.optional(),
});
export type PageCard = z.output<typeof cardSchema>;

const cardsBlock = z.object({
  type: z.literal("cards"),
  heading: optionalLine(200, PAGE_MESSAGES.headingTooLong),
  items: z
    .array(cardSchema, { error: PAGE_MESSAGES.cardsRequired })
    .min(1, PAGE_MESSAGES.cardsRequired)
    .max(PAGE_CARDS_MAX, PAGE_MESSAGES.tooManyCards),
});

const ctaBlock = z.object({
  type: z.literal("cta"),
  label: oneLineText(80, {
    required: PAGE_MESSAGES.ctaTextRequired,
    tooLong: PAGE_MESSAGES.ctaTextTooLong,
  }),
  href: z.string({ error: PAGE_MESSAGES.ctaLinkRequired }).pipe(blockLinkSchema),
});

const videoBlock = z.object({
  type: z.literal("video"),
  /** A YouTube link or id as typed; stored as the id alone. */
  youtubeId: z
    .string({ error: PAGE_MESSAGES.videoInvalid })
    .max(1000, PAGE_MESSAGES.videoInvalid)
    .transform(extractYoutubeId)
    .refine(isYoutubeId, PAGE_MESSAGES.videoInvalid),
  title: optionalLine(200, PAGE_MESSAGES.videoTitleTooLong),
});

/** The documents library's published documents (docs/decisions/048), of one category or all. */
const documentsBlock = z.object({
  type: z.literal("documents"),
  heading: optionalLine(200, PAGE_MESSAGES.headingTooLong),
  category: z
    .enum(["all", ...documentCategories], { error: PAGE_MESSAGES.documentsCategoryInvalid })
    .default("all"),
});

/** How many documents a documents block lists (the newest first). */
export const PAGE_DOCUMENTS_SHOWN = 12;

/** A form built by staff (docs/decisions/071), shown while it is open; it posts to its own address. */
const formBlock = z.object({
  type: z.literal("form"),
  slug: z
    .string({ error: "اكتب رابط النموذج كما يظهر في قائمة النماذج" })
    .max(1000, "اكتب رابط النموذج كما يظهر في قائمة النماذج")
    .transform(slugify)
    .pipe(z.string().min(1, "اكتب رابط النموذج كما يظهر في قائمة النماذج").max(200)),
});

const blockError = { error: PAGE_MESSAGES.unknownBlock };

/** One stored block: a new kind is one more member here. */
export const pageBlockSchema = z.discriminatedUnion(
  "type",
  [textBlock, imageBlock, cardsBlock, ctaBlock, videoBlock, documentsBlock, formBlock],
  blockError,
);
export type PageBlock = z.output<typeof pageBlockSchema>;
export type PageBlockType = PageBlock["type"];
export type PageBlockOf<T extends PageBlockType> = Extract<PageBlock, { type: T }>;

export const pageBlocksSchema = z.array(pageBlockSchema).max(PAGE_BLOCKS_MAX);

/** The kinds of block the form offers, in its order, with their Arabic names. */
export const BLOCK_LABELS: Record<PageBlockType, string> = {
  text: "نص",
  image: "صورة",
  cards: "بطاقات",
  cta: "زر دعوة",
  video: "فيديو",
  documents: "قائمة وثائق",
  form: "نموذج",
};
export const BLOCK_TYPES = Object.keys(BLOCK_LABELS) as PageBlockType[];

// ─── The staff form ────────────────────────────────────────────────────────────────────────

/**
 * The form's image block: the image already chosen (`src`) or a new file (uploaded through the
 * posts' image pipeline when the page is saved).
 */
const imageFormBlock = z
  .object({ ...imageFields, src: ourImagePath.optional(), file: imageFileSchema.optional() })
  .superRefine((block, ctx) => {
    if (!block.src && !block.file)
      ctx.addIssue({ code: "custom", path: ["file"], message: PAGE_MESSAGES.imageRequired });
  });

export const pageFormBlockSchema = z.discriminatedUnion(
  "type",
  [textBlock, imageFormBlock, cardsBlock, ctaBlock, videoBlock, documentsBlock, formBlock],
  blockError,
);
export type PageFormBlock = z.output<typeof pageFormBlockSchema>;

/** The page form (staff area), shared by the browser and the server (docs/decisions/046). */
export const pageFormSchema = z.object({
  title: oneLineText(200, {
    required: PAGE_MESSAGES.titleRequired,
    tooLong: PAGE_MESSAGES.titleTooLong,
  }),
  slug: z
    .string({ error: PAGE_MESSAGES.slugRequired })
    .max(1000, PAGE_MESSAGES.slugTooLong)
    .transform(slugify)
    .pipe(
      z
        .string({ error: PAGE_MESSAGES.slugRequired })
        .min(1, PAGE_MESSAGES.slugRequired)
        .max(PAGE_SLUG_MAX_LENGTH, PAGE_MESSAGES.slugTooLong),
    ),
  blocks: z
    .array(pageFormBlockSchema, { error: PAGE_MESSAGES.noBlocks })
    .min(1, PAGE_MESSAGES.noBlocks)
    .max(PAGE_BLOCKS_MAX, PAGE_MESSAGES.tooManyBlocks),
  status: z
    .enum(POST_STATUSES, { error: PAGE_MESSAGES.statusInvalid })
    .default(DEFAULT_POST_STATUS),
  /** When a published page appears (Riyadh time); empty = now, or its first publication. */
  publishAt: z
    .string({ error: PAGE_MESSAGES.publishAtInvalid })
    .transform((value, ctx) => {
      const date = fromRiyadhInput(value.trim());
      if (!date) ctx.addIssue({ code: "custom", message: PAGE_MESSAGES.publishAtInvalid });
      return date ?? z.NEVER;
    })
    .optional(),
  metaTitle: optionalLine(200, PAGE_MESSAGES.metaTitleTooLong),
  metaDescription: optionalLine(300, PAGE_MESSAGES.metaDescriptionTooLong),
  shareImage: shareImageSchema,
  /** The page's updated_at when the form was opened: a save over someone else's is refused. */
  version: z.string({ error: PAGE_MESSAGES.invalid }).max(40, PAGE_MESSAGES.invalid).optional(),
});
export type PageFormValues = z.output<typeof pageFormSchema>;

/** The links a page's blocks hold (cards, buttons, and links in its rich texts). */
export function linksOfBlocks(blocks: readonly PageBlock[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case "cards":
        return block.items.flatMap((item) => (item.link ? [item.link] : []));
      case "cta":
        return [block.href];
      case "text":
        return [...block.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? "");
      default:
        return [];
    }
  });
}

/** Whether `link` leads to the public page at `slug` (its path, encoded or not, or a full URL). */
export function linksToPage(link: string, slug: string): boolean {
  let path = link;
  try {
    path = new URL(link, "http://site.invalid").pathname;
  } catch {
    return false;
  }
  const decoded = (() => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  })();
  return decoded.replace(/\/+$/, "") === `${PAGES_PREFIX}/${slug}`;
}

/** A rich text as a page renders it: sanitized HTML, with its videos as our player. */
export type RenderedPart = { kind: "html"; html: string } | { kind: "youtube"; id: string };

/** A block as the public page renders it (the loader sanitizes rich texts again). */
export type RenderedBlock =
  | Exclude<PageBlock, { type: "text" | "documents" | "form" }>
  | { type: "text"; parts: RenderedPart[] }
  | (PageBlockOf<"documents"> & { documents: PublicDocument[] })
  | (PageBlockOf<"form"> & { form: PageFormShown | null });

/** A built form as a page's block shows it: open, or why not (null: no such open form). */
export interface PageFormShown extends BuiltFormShown {
  closed: string | null;
}

/** Something that links to a page: what it is, its name, and where staff edit it. */
export interface PageReferrer {
  kind: string;
  title: string;
  editUrl: string;
}
