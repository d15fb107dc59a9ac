/**
 * Every address inside the staff area, in the one /admin/dashboard/… family (the spec's
 * second family, /admin/posts/…, only redirects here). Link to these, never to literals.
 */
const DASHBOARD = "/admin/dashboard";

const section = (name: string) => ({
  list: `${DASHBOARD}/${name}`,
  new: `${DASHBOARD}/${name}/new`,
  edit: (id: string) => `${DASHBOARD}/${name}/${id}/edit`,
});

export const STAFF_PATHS = {
  landing: "/admin",
  overview: DASHBOARD,
  posts: section("posts"),
  videos: section("videos"),
  images: section("images"),
  documents: section("documents"),
  pages: section("pages"),
  categories: `${DASHBOARD}/categories`,
  volunteers: `${DASHBOARD}/volunteers`,
  volunteersExport: `${DASHBOARD}/volunteers/export`,
  surveys: `${DASHBOARD}/surveys`,
  surveysExport: `${DASHBOARD}/surveys/export`,
  subscribers: `${DASHBOARD}/subscribers`,
  subscribersExport: `${DASHBOARD}/subscribers/export`,
  users: `${DASHBOARD}/users`,
  campaigns: { ...section("campaigns"), view: (id: string) => `${DASHBOARD}/campaigns/${id}` },
  settings: `${DASHBOARD}/settings`,
  // Events (docs/decisions/052).
  events: section("events"),
  eventRegistrations: (id: string) => `${DASHBOARD}/events/${id}/registrations`,
  eventRegistrationsExport: (id: string) => `${DASHBOARD}/events/${id}/registrations/export`,
  menus: `${DASHBOARD}/menus`,
  profile: "/profile",
  site: "/",
  logout: "/logout",
} as const;
