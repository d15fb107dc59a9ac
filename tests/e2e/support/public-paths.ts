import { EDITABLE_PAGE_PATTERNS } from "~/shared/content-blocks";

/**
 * Every public page a visitor can open, from the one list the routes are checked against
 * (app/shared/content-blocks.ts); `post` is the slug of a published post (without it, the post
 * page is left out). The newsletter links' pages need a token and are left to their own specs.
 */
export function publicPaths(post?: string): string[] {
  return EDITABLE_PAGE_PATTERNS.flatMap((pattern): string[] => {
    // The newsletter archive is public (docs/decisions/051); a campaign's page needs one sent.
    if (pattern === "/newsletter/archive") return [pattern];
    if (pattern.startsWith("/newsletter/")) return [];
    if (pattern === "/media/news/:slug") return post ? [`/media/news/${post}`] : [];
    if (pattern === "/feedback/:audience") return ["/feedback/visitors", "/feedback/beneficiaries"];
    return [pattern];
  });
}
