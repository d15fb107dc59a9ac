import { EDITABLE_PAGE_PATTERNS } from "~/shared/content-blocks";

/**
 * Every public page a visitor can open, from the one list the routes are checked against
 * (app/shared/content-blocks.ts); `post` is the slug of a published post and `blockPage` of a
 * published page built from blocks (without them, those pages are left out). The newsletter
 * links' pages need a token and are left to their own specs.
 */
export function publicPaths(post?: string, blockPage?: string): string[] {
  return EDITABLE_PAGE_PATTERNS.flatMap((pattern): string[] => {
    if (pattern.startsWith("/newsletter/")) return [];
    if (pattern === "/media/news/:slug") return post ? [`/media/news/${post}`] : [];
    if (pattern === "/p/:slug") return blockPage ? [`/p/${blockPage}`] : [];
    if (pattern === "/feedback/:audience") return ["/feedback/visitors", "/feedback/beneficiaries"];
    return [pattern];
  });
}
