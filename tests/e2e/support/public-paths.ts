import { EDITABLE_PAGE_PATTERNS } from "~/shared/content-blocks";
import { REQUEST_FOLLOW_UP_PATH } from "~/shared/form-builder";
import { SEEDED_EVENT_SLUG } from "./fixtures";

/**
 * Every public page a visitor can open, from the one list the routes are checked against
 * (app/shared/content-blocks.ts); `post` is the slug of a published post and `blockPage` of a
 * published page built from blocks (without them, those pages are left out); `event` is the slug
 * of a published event (by default the one tests/e2e/support/seed-accounts.ts adds; "" leaves the
 * event page out); `form` is the slug of an open built form (without it, left out). The
 * newsletter links' pages need a token and are left to their own specs.
 */
export function publicPaths(
  post?: string,
  blockPage?: string,
  event = SEEDED_EVENT_SLUG,
  form = "",
): string[] {
  return EDITABLE_PAGE_PATTERNS.flatMap((pattern): string[] => {
    // The newsletter archive is public (docs/decisions/051); a campaign's page needs one sent.
    if (pattern === "/newsletter/archive") return [pattern];
    if (pattern.startsWith("/newsletter/")) return [];
    // Events (docs/decisions/052): a registration's own page needs its token (events.e2e.ts).
    if (pattern === "/events/registration") return [];
    // A request's follow-up page needs its signed token (docs/decisions/072, requests.test.ts).
    if (pattern === REQUEST_FOLLOW_UP_PATH) return [];
    if (pattern === "/events/:slug") return event ? [`/events/${event}`] : [];
    // A form built by staff (docs/decisions/071).
    if (pattern === "/forms/:slug") return form ? [`/forms/${form}`] : [];
    if (pattern === "/media/news/:slug") return post ? [`/media/news/${post}`] : [];
    if (pattern === "/p/:slug") return blockPage ? [`/p/${blockPage}`] : [];
    if (pattern === "/feedback/:audience") return ["/feedback/visitors", "/feedback/beneficiaries"];
    return [pattern];
  });
}
