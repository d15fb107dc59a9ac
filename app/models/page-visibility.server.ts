import { and, eq, lte } from "drizzle-orm";
import { now } from "~/utils/clock.server";
import { pages } from "../../database/schema";

/**
 * The pages built from blocks the public may see: published and due (a page scheduled for later
 * stays hidden until the app's clock reaches it). Its own module, not pages.server.ts, because
 * the menus model reads it too and the pages model asks the menus model who links to a page.
 */
export const publicPages = () => and(eq(pages.status, "published"), lte(pages.publishedAt, now()));
