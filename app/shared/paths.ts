import { hasRole, type Role } from "./roles";

/** Admins land on /admin, editors on the dashboard they may use. */
export const staffHome = (user: { role: Role }) =>
  user.role === "admin" ? "/admin" : "/admin/dashboard";

/** Where someone lands after signing in: staff in the staff area, everyone else on their profile. */
export const homeFor = (role: Role) =>
  hasRole({ role }, "editor") ? staffHome({ role }) : "/profile";

/** A news post's public page. */
export const postPath = (slug: string) => `/media/news/${encodeURIComponent(slug)}`;
