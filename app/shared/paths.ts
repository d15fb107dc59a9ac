import { hasRole, type Role } from "./roles";

/** Admins land on /admin, editors on the dashboard they may use. */
export const staffHome = (user: { role: Role }) =>
  user.role === "admin" ? "/admin" : "/admin/dashboard";

/** Where someone lands after signing in: staff in the staff area, everyone else on their profile. */
export const homeFor = (role: Role) =>
  hasRole({ role }, "editor") ? staffHome({ role }) : "/profile";

/** The news list, and the first part of every post's address. */
export const NEWS_PATH = "/media/news";

/** A news post's public page. */
export const postPath = (slug: string) => `${NEWS_PATH}/${encodeURIComponent(slug)}`;

/** The post page's route id (app/routes.ts gives it), as React Router's `_routes` names it. */
export const POST_ROUTE_ID = "routes/site/news-post";

/**
 * The script a reader's page loads instead of its app (app/reading-boot, built by vite.config.ts
 * under this fixed name, cached an hour: docs/decisions/033).
 */
export const READING_BOOT_PATH = "/reading-boot.js";
/** The id of the template in which a reader's page holds its app (docs/decisions/033). */
export const HELD_APP_ID = "rifq-app";

/** The site search page (`?q=`; docs/decisions/045). */
export const SEARCH_PATH = "/search";
