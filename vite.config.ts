import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { visualizer } from "rollup-plugin-visualizer";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";
import { keepRoutesOnce, ROUTES_ONCE_REWRITES } from "./server/react-router-routes-once";

// `ANALYZE=1 npm run build` also writes the client bundle report to bundle-report.html (gzip sizes).
const analyze = process.env.ANALYZE === "1";

const PUBLIC_SOURCES = ["app/routes/site", "app/content", "app/components"];
const STAFF_ONLY = /components[\\/](admin|auth|edit-mode|settings|users)/;

/**
 * The lucide icons that two or more public source files import, as module file names
 * (`Building2` → `building-2`). An icon of one page stays in that page's chunk.
 */
function sharedPublicIcons(): Set<string> {
  const files = PUBLIC_SOURCES.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
  ).filter((file) => /\.tsx?$/.test(file) && !STAFF_ONLY.test(file));
  const importers = new Map<string, number>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    for (const [, names] of source.matchAll(/import \{([^}]*)\} from "lucide-react"/g)) {
      for (const name of names.split(",").map((n) => n.replace(/^\s*type\s+/, "").trim())) {
        if (!name) continue;
        const module = name.replace(/([a-z0-9])([A-Z])|([a-zA-Z])(\d)/g, "$1$3-$2$4").toLowerCase();
        importers.set(module, (importers.get(module) ?? 0) + 1);
      }
    }
  }
  return new Set([...importers].filter(([, count]) => count > 1).map(([module]) => module));
}

const SITE_MODULE =
  /app[\\/](components[\\/]((?!toasts|copy-button)[a-z-]+|ui[\\/]button|site[\\/][a-z-]+|ui[\\/]field-errors|outreach[\\/]honeypot-field|settings[\\/](form-notice|submit-button))\.tsx|utils[\\/](cn|dates|meta|content-blocks|roles|live-updates|nonce|honeypot)\.ts)$/;
const LUCIDE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;

/**
 * Few, right-sized requests on a first visit (docs/decisions/024): React and React Router in one
 * chunk, the pieces every public page shares (layout, header, footer, page blocks, their icons)
 * in another, instead of dozens of tiny chunks. Staff, editor and form code stays out of both.
 */
const sharedIcons = sharedPublicIcons();
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
      priority: 20,
    },
    {
      name: "site",
      test: (id: string) =>
        SITE_MODULE.test(id) || sharedIcons.has(id.match(LUCIDE_ICON)?.[1] ?? ""),
      priority: 10,
    },
    {
      // The public forms' shared parts (newsletter, volunteering, surveys), not their validators.
      name: "forms",
      test: /(@conform-to[\\/](react|dom)[\\/]|app[\\/]components[\\/](ui[\\/]field|outreach[\\/]choice-group)\.tsx$)/,
      priority: 5,
    },
  ],
};

/**
 * React Router publishes its development build under every export condition; its production
 * build differs by one flag that turns off the development warnings (and their checks on every
 * link and hook). The server's build uses it, and bundles React Router and its adapters so the
 * request handler and the routes share that one copy. (The browser's build keeps the package's
 * own: its `react-router/dom` imports the development chunk, and two copies would not share
 * their contexts.)
 */
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
};

const READING_BOOT_ENTRY = path.resolve("app/reading-boot/main.ts");
/** READING_BOOT_PATH of app/shared/paths.ts, which pages load (not imported: the config loads alone). */
const READING_BOOT_PATH = "/reading-boot.js";

/** The reading boot (app/reading-boot) as one small classic script, shared code inlined. */
async function buildReadingBoot(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      minify: true,
      lib: { entry: READING_BOOT_ENTRY, formats: ["iife"], name: "rifqReadingBoot" },
      // Shared modules are pure: what the boot does not use of one (its texts) stays out.
      rolldownOptions: { treeshake: { moduleSideEffects: false } },
    },
  });
  const [output] = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = output?.output.find((file) => file.type === "chunk");
  if (!chunk) throw new Error("the reading boot was not built");
  return chunk.code;
}

/**
 * A signed-out reader's page loads /reading-boot.js instead of its app (docs/decisions/033): its
 * TypeScript is bundled on its own into the client build's top folder under that fixed name
 * (served, precompressed, like the other top files), and answered from source in development.
 */
function readingBoot(): Plugin {
  return {
    name: "rifq-reading-boot",
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const source = await buildReadingBoot();
      this.emitFile({ type: "asset", fileName: READING_BOOT_PATH.slice(1), source });
    },
    configureServer(server) {
      server.middlewares.use(READING_BOOT_PATH, (_req, res, next) => {
        buildReadingBoot().then((source) => {
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.end(source);
        }, next);
      });
    },
  };
}

const ZOD_CONFIG_MODULE = /zod[\\/]v4[\\/]core[\\/]core\.js/;
const ZOD_CONFIG_START = "_a.__zod_globalConfig = {}";

/**
 * zod compiles its object parsers with `new Function`, after a probe that calls it once. Under
 * the site's CSP (no 'unsafe-eval') the probe throws and is caught, but Chromium still reports a
 * `securitypolicyviolation` on every page whose app builds a schema (issue 35, docs/decisions/067).
 * The browser's copy of zod starts `jitless` (its own setting, which it reads from
 * `globalThis.__zod_globalConfig` as it loads, before any schema exists), so it never probes;
 * the server keeps its compiled parsers.
 */
function zodJitlessInTheBrowser(): Plugin {
  return {
    name: "rifq-zod-jitless",
    transform(code, id) {
      if (this.environment.name !== "client" || !ZOD_CONFIG_MODULE.test(id)) return;
      if (!code.includes(ZOD_CONFIG_START)) {
        this.error("zod's global config changed: update zodJitlessInTheBrowser in vite.config.ts");
      }
      return code.replace(ZOD_CONFIG_START, "_a.__zod_globalConfig = { jitless: true }");
    },
  };
}

const REACT_ROUTER_PRODUCTION_CHUNK =
  /react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;

/**
 * The server's React Router builds the route tree once per build, not once per page
 * (server/react-router-routes-once.ts, docs/decisions/091). The build fails unless every rewrite
 * was applied.
 */
function reactRouterRoutesOnce(): Plugin {
  const applied = new Set<string>();
  return {
    name: "rifq-react-router-routes-once",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!REACT_ROUTER_PRODUCTION_CHUNK.test(id)) return;
      const rewritten = keepRoutesOnce(code);
      for (const name of rewritten.applied) applied.add(name);
      return rewritten.applied.length > 0 ? rewritten.code : undefined;
    },
    buildEnd(error) {
      const missing = ROUTES_ONCE_REWRITES.filter((rewrite) => !applied.has(rewrite.name));
      if (!error && this.environment.mode === "build" && missing.length > 0) {
        this.error(`React Router's ${missing.map((r) => r.name).join(", ")} not found`);
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    tsconfigPaths: true,
    alias: command === "build" && isSsrBuild ? [REACT_ROUTER_PRODUCTION] : [],
  },
  ssr:
    command === "build"
      ? { noExternal: ["react-router", "@react-router/express", "@react-router/node"] }
      : undefined,
  build: {
    // A font is fetched only when a page's text needs it (unicode-range): never inline one,
    // however small, into the stylesheet every page carries.
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
    ...(isSsrBuild
      ? { rollupOptions: { input: "./server/app.ts" } }
      : { rolldownOptions: { output: { codeSplitting: clientChunks } } }),
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    readingBoot(),
    zodJitlessInTheBrowser(),
    reactRouterRoutesOnce(),
    analyze &&
      !isSsrBuild &&
      visualizer({ filename: "bundle-report.html", gzipSize: true, template: "treemap" }),
  ],
}));
