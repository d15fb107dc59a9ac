import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { CONTENT_TYPE_LIST, type ContentType, staffRouteFiles } from "./shared/content-types";
import { REQUEST_FOLLOW_UP_PATH } from "./shared/form-builder";
import { NEWS_PATH } from "./shared/paths";

const site = (path: string, file: string) => route(path, `routes/site/${file}.tsx`);
const resource = (path: string, file: string, id?: string) =>
  id
    ? route(path, `routes/resources/${file}.ts`, { id })
    : route(path, `routes/resources/${file}.ts`);

/** The staff lists the spec's second path family (§2.4) names under /admin/ (redirected). */
const PATH_FAMILIES = ["posts", "videos", "images"];
const familyRedirect = (path: string, id: string) =>
  route(path, "routes/admin/path-family-redirect.tsx", { id });

/** A content type's public page, when it has one. */
const publicRoute = ({ publicPage: page }: ContentType) => {
  if (!page) return [];
  const file = `routes/site/${page.file}.tsx`;
  return [page.id ? route(page.path, file, { id: page.id }) : route(page.path, file)];
};

/** A content type's list, new and edit screens, from its declaration (docs/decisions/063). */
const staffTriad = (type: ContentType) => {
  const files = staffRouteFiles(type);
  return [
    route(type.name, files.list),
    route(`${type.name}/new`, files.form, { id: files.newId }),
    route(`${type.name}/:id/edit`, files.form, { id: files.editId }),
  ];
};

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    site("about", "about"),
    site("about/vision", "about-vision"),
    site("about/objectives", "about-objectives"),
    site("about/why", "about-why"),
    site("about/strategy", "about-strategy"),
    site("about/service-area", "about-service-area"),
    site("governance", "governance"),
    site("services", "services"),
    site("services/services", "services-services"),
    site("services/programs", "services-programs"),
    site("media", "media"),
    site(NEWS_PATH.slice(1), "news"),
    site("media/gallery", "gallery"),
    site("feedback", "feedback"),
    site("feedback/:audience", "feedback-survey"),
    site("volunteer", "volunteer"),
    site("donate", "donate"),
    site("privacy", "privacy"),
    site("search", "search"),
    site("newsletter/confirm", "newsletter-confirm"),
    site("newsletter/unsubscribe", "newsletter-unsubscribe"),
    // Events (docs/decisions/052).
    site("events", "events"),
    site("events/registration", "event-registration"),
    // A request's private follow-up page (docs/decisions/072).
    site(REQUEST_FOLLOW_UP_PATH.slice(1), "request-follow-up"),
    // Newsletter campaigns (docs/decisions/051).
    site("newsletter/archive", "newsletter-archive"),
    // Each content type's public page (a post's, an event's, a page's…), from its declaration.
    ...CONTENT_TYPE_LIST.flatMap(publicRoute),
    site("*", "not-found"),
  ]),

  // One sign-in screen under both names (spec §2.3).
  route("login", "routes/auth/login.tsx", { id: "login" }),
  route("auth", "routes/auth/login.tsx", { id: "auth" }),
  route("setup", "routes/auth/setup.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("profile", "routes/auth/profile.tsx"),
  route("account/two-factor", "routes/auth/two-factor.tsx"),

  ...prefix("admin", [
    index("routes/admin/landing.tsx"),
    route("dashboard", "routes/admin/dashboard-layout.tsx", [
      index("routes/admin/overview.tsx"),
      ...CONTENT_TYPE_LIST.flatMap(staffTriad),
      route("posts/media", "routes/admin/posts/media.ts"),
      route("posts/autosave", "routes/admin/posts/autosave.ts"),
      route("posts/:id/revisions/:revisionId/restore", "routes/admin/posts/restore-revision.ts"),
      route("pages/:id/revisions/:revisionId/restore", "routes/admin/pages/restore-revision.ts"),
      route("categories", "routes/admin/categories.tsx"),
      route("volunteers", "routes/admin/outreach/volunteers.tsx"),
      route("volunteers/export", "routes/admin/outreach/volunteers-export.ts"),
      route("surveys", "routes/admin/outreach/surveys.tsx"),
      route("surveys/export", "routes/admin/outreach/surveys-export.ts"),
      route("subscribers", "routes/admin/outreach/subscribers.tsx"),
      route("subscribers/export", "routes/admin/outreach/subscribers-export.ts"),
      route("users", "routes/admin/users.tsx", { id: "dashboard-users" }),
      route("settings", "routes/admin/settings.tsx"),
      // Events (docs/decisions/052).
      route("events/:id/registrations", "routes/admin/events/registrations.tsx"),
      route("events/:id/registrations/export", "routes/admin/events/registrations-export.ts"),
      // Forms built by staff: a form's answers, their CSV and files (docs/decisions/071).
      route("forms/:id/answers", "routes/admin/forms/answers.tsx"),
      route("forms/:id/answers/export", "routes/admin/forms/answers-export.ts"),
      route("forms/files/:fileId", "routes/admin/forms/answer-file.ts"),
      // Requests the association follows up (docs/decisions/072).
      route("requests", "routes/admin/requests/inbox.tsx"),
      route("requests/export", "routes/admin/requests/export.ts"),
      route("requests/:id", "routes/admin/requests/view.tsx"),
      // Newsletter campaigns (docs/decisions/051).
      route("campaigns/:id", "routes/admin/campaigns/view.tsx"),
      // Issue 23, item 3: the header's menu and the footer's links (docs/decisions/050).
      route("menus", "routes/admin/menus.tsx"),
      // Issue 36: one person's data, found, exported or erased (docs/decisions/073).
      route("privacy", "routes/admin/privacy/person.tsx"),
      route("privacy/export", "routes/admin/privacy/export.ts"),
      // Reading statistics (docs/decisions/074).
      route("statistics", "routes/admin/statistics.tsx"),
      route("statistics/export", "routes/admin/statistics-export.ts"),
      route("audit-log", "routes/admin/audit/log.tsx"),
      route("audit-log/export", "routes/admin/audit/log-export.ts"),
    ]),
    // The spec's second path family (§2.4) leads to the same screens (docs/decisions/006).
    route("users", "routes/admin/users-redirect.tsx"),
    ...PATH_FAMILIES.map((family) => familyRedirect(`${family}/*`, `${family}-family`)),
    ...PATH_FAMILIES.map((family) => familyRedirect(family, `${family}-family-list`)),
  ]),

  resource("sitemap.xml", "sitemap"),
  resource("robots.txt", "robots"),
  resource("feed.xml", "news-feed", "rss-feed"),
  resource("atom.xml", "news-feed", "atom-feed"),
  resource("api/auth/*", "auth"),
  resource("api/page-content", "page-content"),
  resource("api/card-lists", "card-lists"),
  resource("display", "display"),
  // The sitemap's parts, named by /sitemap.xml (docs/decisions/053).
  resource("sitemap/:part", "sitemap-part"),
  // A document's PDF, published or for staff (docs/decisions/048).
  resource("documents/:id/:file", "document-file"),
  resource("events/:slug/calendar.ics", "event-calendar"),
  // A newsletter link, counted and redirected (docs/decisions/074).
  resource("newsletter/go/:token", "newsletter-go"),
] satisfies RouteConfig;
