import type { LucideIcon } from "lucide-react";
import { z } from "zod";
import { type CardIconName, cardIconName, isCardIconName } from "./card-icons";
import { CONTENT_KEY_PATTERN } from "./content-blocks";
import { imageFileSchema } from "./image-rules";

/**
 * One card of a card list, as stored and as pages draw it (docs/decisions/047). Its title and
 * text are the defaults of the card's page texts (`<prefix><key>-title`, `-description`), which
 * stay editable in place; `key` never changes, so those texts follow the card when it moves.
 */
export interface CardItem {
  key: string;
  title: string;
  text: string;
  icon?: CardIconName;
  /** An address on the site (`/services`) or an https:// link. */
  link?: string;
  /** An image stored by the upload pipeline (its 480/1200 px copies beside it). */
  image?: { url: string; alt: string };
}

/** A list as stored: its cards in order, and the version an editor sends back. */
export interface StoredCardList {
  items: CardItem[];
  updatedAt: string;
}

/** One saved version of a list, as its history shows it. */
export interface CardListRevision {
  id: string;
  items: CardItem[];
  summary: string;
  savedAt: string;
  savedBy: string;
}

/** A list's history as the editor shows it (what /api/card-lists answers to a GET). */
export interface CardListHistory {
  current: StoredCardList | null;
  revisions: CardListRevision[];
}

/** What a list write made: the list as now stored (null: back to its built-in cards). */
export interface CardListSaved {
  list: StoredCardList | null;
  /** The saved version the write replaced (null: the built-in cards): what an undo restores. */
  before: string | null;
}

/** Why a list write was refused: someone changed it first (with what is stored now), or not. */
export type CardListRefusal =
  | { conflict: true; current: StoredCardList | null }
  | { conflict?: false };

/** Stored lists keyed by `blockId(pagePath, listKey)`, as the site layout loads them. */
export type CardListMap = Record<string, StoredCardList>;

export const MAX_CARDS = 40;
export const MAX_CARD_TITLE = 120;
export const MAX_CARD_TEXT = 1000;
export const MAX_CARD_LINK = 500;
export const MAX_IMAGE_ALT = 200;

export const CARD_LIST_MESSAGES = {
  titleRequired: "اكتب عنوان البطاقة",
  titleTooLong: `العنوان أطول من ${MAX_CARD_TITLE} حرفاً`,
  textRequired: "اكتب نص البطاقة",
  textTooLong: `النص أطول من ${MAX_CARD_TEXT} حرف`,
  iconInvalid: "اختر أيقونة من القائمة",
  linkInvalid: "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://",
  altTooLong: `وصف الصورة أطول من ${MAX_IMAGE_ALT} حرف`,
  unknownList: "لا يمكن تعديل هذه القائمة",
  unknownCard: "البطاقة غير موجودة في القائمة؛ ربما حذفها مشرف آخر",
  tooMany: `لا تتسع القائمة لأكثر من ${MAX_CARDS} بطاقة`,
  cannotMove: "لا يمكن نقل البطاقة أبعد من ذلك",
  lastCard: "لا يمكن حذف آخر بطاقة في القائمة",
  invalidRevision: "النسخة المطلوبة غير صالحة",
  invalidVersion: "نسخة القائمة غير صالحة",
  conflict: "تغيّرت هذه القائمة منذ فتحها (عدّلها مشرف آخر). عُرضت القائمة الأحدث؛ أعد المحاولة.",
  failed: "فشل في حفظ القائمة",
  restored: "استُعيدت القائمة",
  invalidRequest: "طلب غير صالح",
  unchanged: "لم يتغيّر شيء في البطاقة: غيّر الأيقونة أو الرابط أو الصورة ثم احفظ",
} as const;

/** A site address or an https:// link; nothing that runs script or leaves to another scheme. */
export function isCardLink(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && Boolean(url.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/**
 * What an admin may change on a card already in a list: its icon, link and image's description.
 * Its title and text are page texts, edited in place (docs/decisions/047).
 */
export const cardDetailsSchema = z.object({
  icon: z
    .string()
    .optional()
    .refine((name) => !name || isCardIconName(name), CARD_LIST_MESSAGES.iconInvalid)
    .transform((name) => (name ? (name as CardIconName) : undefined)),
  link: optionalText(MAX_CARD_LINK, CARD_LIST_MESSAGES.linkInvalid).refine(
    (link) => !link || isCardLink(link),
    CARD_LIST_MESSAGES.linkInvalid,
  ),
  imageAlt: optionalText(MAX_IMAGE_ALT, CARD_LIST_MESSAGES.altTooLong),
});
export type CardDetails = z.output<typeof cardDetailsSchema>;

/** The fields an admin fills in for a new card (the browser and the server check them alike). */
export const cardFieldsSchema = z.object({
  title: z
    .string({ error: CARD_LIST_MESSAGES.titleRequired })
    .trim()
    .min(1, CARD_LIST_MESSAGES.titleRequired)
    .max(MAX_CARD_TITLE, CARD_LIST_MESSAGES.titleTooLong),
  text: z
    .string({ error: CARD_LIST_MESSAGES.textRequired })
    .trim()
    .min(1, CARD_LIST_MESSAGES.textRequired)
    .max(MAX_CARD_TEXT, CARD_LIST_MESSAGES.textTooLong),
  ...cardDetailsSchema.shape,
});
export type CardFields = z.output<typeof cardFieldsSchema>;

/** The add dialog's form, as the browser and `/api/card-lists` (intent=add) check it. */
export const addCardFormSchema = cardFieldsSchema.extend({
  image: imageFileSchema.optional(),
  position: z.enum(["end", "start"], { error: CARD_LIST_MESSAGES.invalidRequest }).optional(),
});

/**
 * The edit dialog's form, as the browser and `/api/card-lists` (intent=edit) check it: a new
 * image replaces the card's, `removeImage` drops it, neither keeps it.
 */
export const editCardFormSchema = cardDetailsSchema.extend({
  image: imageFileSchema.optional(),
  removeImage: z.boolean({ error: CARD_LIST_MESSAGES.invalidRequest }).optional(),
});

/** A stored card read back (rows are checked on read too: a hand-edited row cannot break a page). */
export const storedCardSchema = z.object({
  key: z.string().regex(CONTENT_KEY_PATTERN).max(60),
  title: z.string().min(1).max(MAX_CARD_TITLE),
  text: z.string().min(1).max(MAX_CARD_TEXT),
  icon: z
    .string()
    .refine(isCardIconName)
    .transform((name) => name as CardIconName)
    .optional(),
  link: z.string().max(MAX_CARD_LINK).refine(isCardLink).optional(),
  image: z.object({ url: z.string().max(500), alt: z.string().max(MAX_IMAGE_ALT) }).optional(),
});

/** A card written in the site's code: a page's built-in cards. */
export interface CodeCard {
  key: string;
  title: string;
  description?: string;
  icon?: LucideIcon;
  to?: string;
}

/** Today's code-defined cards as stored cards: the defaults of an editable list. */
export const cardItemsOf = (cards: readonly CodeCard[]): CardItem[] =>
  cards.map(({ key, title, description, icon, to }) => ({
    key,
    title,
    text: description ?? "",
    ...(icon ? { icon: cardIconName(icon) } : {}),
    ...(to ? { link: to } : {}),
  }));

/** A new card's key: unlike any the list had, so no earlier card's texts attach to it. */
export const newCardKey = (random: string) =>
  `card-${random.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
