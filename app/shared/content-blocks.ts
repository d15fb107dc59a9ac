import { matchPath } from "react-router";

/** A stored page text; `html` values arrive already sanitized by the server. */
export interface StoredBlock {
  value: string;
  type: "text" | "html";
  /** When the row last changed (ISO); the editor sends it back to detect a concurrent save. */
  updatedAt: string;
}
export type BlockMap = Record<string, StoredBlock>;

/** Header and footer texts are shared by every page under this path. */
export const SHARED_BLOCK_PATH = "@layout";

export const blockId = (pagePath: string, key: string) => `${pagePath}\u0000${key}`;

/** The page path a block is stored under: the browser path without a trailing slash. */
export const toPagePath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;

/**
 * The public pages whose texts can be edited: the site layout's routes in app/routes.ts
 * without the catch-all 404 (a unit test keeps the two lists in step).
 */
export const EDITABLE_PAGE_PATTERNS = [
  "/",
  "/about",
  "/about/vision",
  "/about/objectives",
  "/about/why",
  "/about/strategy",
  "/about/service-area",
  "/governance",
  "/services",
  "/services/services",
  "/services/programs",
  "/media",
  "/media/news",
  "/media/news/:slug",
  "/media/gallery",
  "/feedback",
  "/feedback/:audience",
  "/volunteer",
  "/donate",
  "/privacy",
  "/search",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/events",
  "/events/registration",
  "/events/:slug",
  // A request's follow-up page (docs/decisions/072).
  "/requests/follow-up",
  // A form built by staff (docs/decisions/071).
  "/forms/:slug",
  // Newsletter campaigns (docs/decisions/051).
  "/newsletter/archive",
  "/newsletter/archive/:id",
  "/p/:slug",
] as const;

/** What a dynamic segment may hold for the page to be a real one. */
const PARAM_RULES: Record<string, RegExp> = {
  slug: /^[^/]{1,200}$/,
  audience: /^(visitors|beneficiaries)$/,
  id: /^[0-9a-f-]{36}$/,
};

export function isEditablePagePath(pagePath: string): boolean {
  if (pagePath === SHARED_BLOCK_PATH) return true;
  return EDITABLE_PAGE_PATTERNS.some((pattern) => {
    const match = matchPath({ path: pattern, end: true, caseSensitive: true }, pagePath);
    if (!match) return false;
    return Object.entries(match.params).every(([name, value]) =>
      Boolean(value && PARAM_RULES[name]?.test(value)),
    );
  });
}

export const CONTENT_KEY_PATTERN = /^[a-z0-9-]+$/;
export const MAX_CONTENT_KEY_LENGTH = 100;
export const MAX_BLOCK_VALUE_LENGTH = 20_000;

export const PAGE_TEXT_MESSAGES = {
  invalidPath: "لا يمكن تعديل نصوص هذه الصفحة",
  invalidKey: "معرّف النص غير صالح",
  emptyValue: "لا يمكن حفظ نص فارغ",
  tooLong: `النص أطول من الحد المسموح (${MAX_BLOCK_VALUE_LENGTH.toLocaleString("en")} حرف)`,
  invalidVersion: "نسخة النص غير صالحة",
  invalidRevision: "النسخة المطلوبة غير صالحة",
  conflict: "تم تعديل هذا النص من مشرف آخر منذ فتحه. هل تريد حفظ تعديلك فوقه أم عرض النص الأحدث؟",
  saved: "تم حفظ التغييرات بنجاح",
  failed: "فشل في حفظ التغييرات",
  invalidRequest: "طلب غير صالح",
} as const;

/** One saved value of a block, as the history lists it. */
export interface BlockRevision {
  id: string;
  value: string;
  type: "text" | "html";
  savedAt: string;
  savedBy: string;
}

/** What a page-text write made: the block as now stored (null: back to its built-in default). */
export interface PageTextSaved {
  block: StoredBlock | null;
}

/** Why a page-text write was refused: someone else saved first (with what is stored now), or not. */
export type PageTextRefusal =
  | { conflict: true; current: StoredBlock | null }
  | { conflict?: false };

/** A block's history as the editor lists it (what /api/page-content's loader answers when ok). */
export interface PageTextHistory {
  current: StoredBlock | null;
  revisions: BlockRevision[];
}

/** One block as a page sees it: where it lives, what it shows now, and its built-in default. */
export interface BlockState {
  pagePath: string;
  key: string;
  value: string;
  /** A stored value exists (otherwise `value` is the built-in default). */
  stored: boolean;
  current: StoredBlock | null;
  fallback: string;
  /** The stored texts of this page are not known yet (client-side only): show the default, pulsing. */
  loading: boolean;
}
