import { z } from "zod";

/**
 * The documents library (docs/decisions/048): its vocabularies, the rules a chosen file must
 * meet (shared by the browser and the server), and how a document's facts are shown.
 */

/** Where a document is listed on /governance; the value is stored and used in addresses. */
export const documentCategories = ["reports", "financial-statements", "policies", "other"] as const;
export type DocumentCategory = (typeof documentCategories)[number];

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  reports: "التقارير",
  "financial-statements": "القوائم المالية",
  policies: "السياسات واللوائح",
  other: "وثائق أخرى",
};

/** A document is listed and downloadable by everyone only when published. */
export const documentStatuses = ["published", "hidden"] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  published: "منشور",
  hidden: "مخفي",
};

export const isDocumentCategory = (value: unknown): value is DocumentCategory =>
  (documentCategories as readonly unknown[]).includes(value);

/** The years a document may be dated with (a report's fiscal year). */
export const FIRST_DOCUMENT_YEAR = 1990;
export const LAST_DOCUMENT_YEAR = 2100;

/** Spec: PDF files up to 20 MB. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const DOCUMENT_REQUIRED = "يرجى اختيار ملف PDF";
export const DOCUMENT_TOO_LARGE = "حجم الملف يجب ألا يزيد على 20 ميجابايت";
export const NOT_A_PDF =
  "هذا الملف ليس مستند PDF؛ اختر ملفاً بصيغة PDF (تغيير اسم الملف لا يغيّر صيغته)";
export const BROKEN_PDF = "تعذّر فتح ملف PDF هذا: يبدو تالفاً أو غير مكتمل. صدّره من جديد ثم ارفعه";
export const DOCUMENT_SAVE_FAILED = "فشل في حفظ الوثيقة";

/**
 * A chosen file, checked as a browser can: its size and, when it declares one, its type. The
 * server reads the file itself (models/documents.server.ts), so a renamed text file is refused
 * there whatever it declares.
 */
export const documentFileSchema = z
  .file({ error: DOCUMENT_REQUIRED })
  .refine((file) => file.size > 0, DOCUMENT_REQUIRED)
  .refine((file) => file.size <= MAX_DOCUMENT_BYTES, DOCUMENT_TOO_LARGE)
  .refine(
    (file) => !file.type || file.type === "application/pdf" || file.type === "application/x-pdf",
    NOT_A_PDF,
  );

/** "2.4 ميجابايت", "340 كيلوبايت", "900 بايت" (Latin digits, like the site's other figures). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const megabytes = bytes / (1024 * 1024);
    return `${megabytes >= 10 ? Math.round(megabytes) : megabytes.toFixed(1)} ميجابايت`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} كيلوبايت`;
  return `${bytes} بايت`;
}

const hijriYear = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  year: "numeric",
  timeZone: "UTC",
});
const hijriYearOf = (date: Date) =>
  Number.parseInt(
    hijriYear.formatToParts(date).find((part) => part.type === "year")?.value ?? "",
    10,
  );

/**
 * The Umm al-Qura years a Gregorian year spans ("1446–1447هـ"): a Hijri year is eleven days
 * shorter, so a Gregorian year always overlaps two (now and then three: both ends are shown).
 */
export function hijriYearsOf(year: number): string {
  const first = hijriYearOf(new Date(Date.UTC(year, 0, 1)));
  const last = hijriYearOf(new Date(Date.UTC(year, 11, 31)));
  return first === last ? `${first}هـ` : `${first}–${last}هـ`;
}

/** "2025م (1446–1447هـ)" */
export const documentYearLabel = (year: number) => `${year}م (${hijriYearsOf(year)})`;

/**
 * The address of a document's file: its id and the first 16 hex digits of its SHA-256, so the
 * bytes at an address never change and browsers may keep them for a year.
 */
export const documentHref = (document: { id: string; fileSha256: string }) =>
  `/documents/${document.id}/${document.fileSha256.slice(0, 16)}.pdf`;

/** The file name a download is saved under: the title, without what a file name cannot hold. */
export function documentFileName(title: string): string {
  const name = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  return `${name || "document"}.pdf`;
}

/** RFC 5987's attr-char: what encodeURIComponent leaves but a header parameter may not hold. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The Content-Disposition of a download (RFC 6266): the Arabic name as `filename*` (RFC 5987,
 * UTF-8) and, for the rare client that reads only `filename`, an ASCII name of its own.
 */
export function documentDisposition(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\w.-]+/g, "-");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/** What a reader sees of a published document (the model's public rows). */
export interface PublicDocument {
  id: string;
  title: string;
  category: DocumentCategory;
  year: number;
  sizeBytes: number;
  fileSha256: string;
  createdAt: Date;
}

/** One category's newest published documents, and whether it has more. */
export interface DocumentGroup {
  category: DocumentCategory;
  documents: PublicDocument[];
  hasMore: boolean;
}

/**
 * What /governance lists: the newest documents of each category, or — after a category's
 * "all of them" link (`?category=`) — one page of that category.
 */
export type GovernanceDocuments =
  | { view: "groups"; groups: DocumentGroup[] }
  | {
      view: "category";
      category: DocumentCategory;
      documents: PublicDocument[];
      page: number;
      hasMore: boolean;
    };

/** Documents per category on /governance, and per page of one category's list. */
export const DOCUMENTS_PER_CATEGORY = 6;
export const DOCUMENTS_PAGE_SIZE = 20;

/** The anchor of the documents list on /governance. */
export const DOCUMENTS_ANCHOR = "documents";

/** The address of one category's full list on /governance. */
export const categoryListHref = (category: DocumentCategory) =>
  `/governance?category=${category}#${DOCUMENTS_ANCHOR}`;

/** Runs of documents of one year, in the order given (newest year first). */
export function byYear<T extends { year: number }>(rows: readonly T[]) {
  const runs: { year: number; rows: T[] }[] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last?.year === row.year) last.rows.push(row);
    else runs.push({ year: row.year, rows: [row] });
  }
  return runs;
}
