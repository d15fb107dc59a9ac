import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

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
    site("media/news", "news"),
    site("media/news/:slug", "news-post"),
    site("media/gallery", "gallery"),
    site("feedback", "feedback"),
    site("feedback/:audience", "feedback-survey"),
    site("volunteer", "volunteer"),
    site("donate", "donate"),
    site("*", "not-found"),
  ]),

  // One sign-in screen under both names (spec §2.3).
  route("login", "routes/auth/login.tsx", { id: "login" }),
  route("auth", "routes/auth/login.tsx", { id: "auth" }),
  route("setup", "routes/auth/setup.tsx"),
  route("logout", "routes/auth/logout.tsx"),

  ...prefix("admin", [
    index("routes/admin/landing.tsx"),
    route("dashboard", "routes/admin/dashboard-layout.tsx", [index("routes/admin/overview.tsx")]),
  ]),

  route("api/auth/*", "routes/resources/auth.ts"),
  route("api/page-content", "routes/resources/page-content.ts"),
] satisfies RouteConfig;
