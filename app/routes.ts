import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { NEWS_PATH, POST_ROUTE_ID } from "./shared/paths";

const site = (path: string, file: string) => route(path, `routes/site/${file}.tsx`);

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
    // The post page's id and address are known to the view counter too (server/post-views.ts).
    route(`${NEWS_PATH.slice(1)}/:slug`, "routes/site/news-post.tsx", { id: POST_ROUTE_ID }),
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
    site("events/:slug", "event"),
    // Newsletter campaigns (docs/decisions/051).
    site("newsletter/archive", "newsletter-archive"),
    site("newsletter/archive/:id", "newsletter-archive-item"),
    // Pages built from blocks (docs/decisions/049).
    site("p/:slug", "page"),
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
      route("posts", "routes/admin/posts/list.tsx"),
      route("posts/new", "routes/admin/posts/form.tsx", { id: "post-new" }),
      route("posts/:id/edit", "routes/admin/posts/form.tsx", { id: "post-edit" }),
      route("posts/media", "routes/admin/posts/media.ts"),
      route("posts/autosave", "routes/admin/posts/autosave.ts"),
      route("posts/:id/revisions/:revisionId/restore", "routes/admin/posts/restore-revision.ts"),
      route("videos", "routes/admin/videos/list.tsx"),
      route("videos/new", "routes/admin/videos/form.tsx", { id: "video-new" }),
      route("videos/:id/edit", "routes/admin/videos/form.tsx", { id: "video-edit" }),
      route("images", "routes/admin/images/list.tsx"),
      route("images/new", "routes/admin/images/form.tsx", { id: "image-new" }),
      route("images/:id/edit", "routes/admin/images/form.tsx", { id: "image-edit" }),
      route("categories", "routes/admin/categories.tsx"),
      route("volunteers", "routes/admin/outreach/volunteers.tsx"),
      route("volunteers/export", "routes/admin/outreach/volunteers-export.ts"),
      route("surveys", "routes/admin/outreach/surveys.tsx"),
      route("surveys/export", "routes/admin/outreach/surveys-export.ts"),
      route("subscribers", "routes/admin/outreach/subscribers.tsx"),
      route("subscribers/export", "routes/admin/outreach/subscribers-export.ts"),
      route("users", "routes/admin/users.tsx", { id: "dashboard-users" }),
      route("settings", "routes/admin/settings.tsx"),
      // The documents library (docs/decisions/048).
      route("documents", "routes/admin/documents/list.tsx"),
      route("documents/new", "routes/admin/documents/form.tsx", { id: "document-new" }),
      route("documents/:id/edit", "routes/admin/documents/form.tsx", { id: "document-edit" }),
      // Events (docs/decisions/052).
      route("events", "routes/admin/events/list.tsx"),
      route("events/new", "routes/admin/events/form.tsx", { id: "event-new" }),
      route("events/:id/edit", "routes/admin/events/form.tsx", { id: "event-edit" }),
      route("events/:id/registrations", "routes/admin/events/registrations.tsx"),
      route("events/:id/registrations/export", "routes/admin/events/registrations-export.ts"),
      // Newsletter campaigns (docs/decisions/051).
      route("campaigns", "routes/admin/campaigns/list.tsx"),
      route("campaigns/new", "routes/admin/campaigns/form.tsx", { id: "campaign-new" }),
      route("campaigns/:id/edit", "routes/admin/campaigns/form.tsx", { id: "campaign-edit" }),
      route("campaigns/:id", "routes/admin/campaigns/view.tsx"),
      // Pages built from blocks (docs/decisions/049).
      route("pages", "routes/admin/pages/list.tsx"),
      route("pages/new", "routes/admin/pages/form.tsx", { id: "page-new" }),
      route("pages/:id/edit", "routes/admin/pages/form.tsx", { id: "page-edit" }),
      route("pages/:id/revisions/:revisionId/restore", "routes/admin/pages/restore-revision.ts"),
      // Issue 23, item 3: the header's menu and the footer's links (docs/decisions/050).
      route("menus", "routes/admin/menus.tsx"),
    ]),
    // The spec's second path family (§2.4) leads to the same screens (docs/decisions/006).
    route("users", "routes/admin/users-redirect.tsx"),
    route("posts/*", "routes/admin/path-family-redirect.tsx", { id: "posts-family" }),
    route("videos/*", "routes/admin/path-family-redirect.tsx", { id: "videos-family" }),
    route("images/*", "routes/admin/path-family-redirect.tsx", { id: "images-family" }),
    route("posts", "routes/admin/path-family-redirect.tsx", { id: "posts-family-list" }),
    route("videos", "routes/admin/path-family-redirect.tsx", { id: "videos-family-list" }),
    route("images", "routes/admin/path-family-redirect.tsx", { id: "images-family-list" }),
  ]),

  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("feed.xml", "routes/resources/news-feed.ts", { id: "rss-feed" }),
  route("atom.xml", "routes/resources/news-feed.ts", { id: "atom-feed" }),
  route("api/auth/*", "routes/resources/auth.ts"),
  route("api/page-content", "routes/resources/page-content.ts"),
  route("api/card-lists", "routes/resources/card-lists.ts"),
  route("display", "routes/resources/display.ts"),
  // The sitemap's parts, named by /sitemap.xml (docs/decisions/053).
  route("sitemap/:part", "routes/resources/sitemap-part.ts"),
  // A document's PDF, published or for staff (docs/decisions/048).
  route("documents/:id/:file", "routes/resources/document-file.ts"),
  route("events/:slug/calendar.ics", "routes/resources/event-calendar.ts"),
] satisfies RouteConfig;
