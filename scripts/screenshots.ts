// Takes the README's screenshots of real pages: `npx tsx scripts/screenshots.ts [path ...]`.
// A path may end with a display choice: `/about:150` (largest text) or `/:more` (high contrast).
// Needs a build (npm run build) and Chromium at /usr/bin/chromium.
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { newDataDir, startServer } from "./support/server";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];
const widths = {
  phone: { width: 390, height: 844 },
  tablet: { width: 1024, height: 768 },
  laptop: { width: 1280, height: 800 },
  desktop: { width: 1366, height: 900 },
};

// The pictures show the demo content (npm run seed) rather than an empty site.
const dataDir = newDataDir();
spawnSync("node_modules/.bin/tsx", ["scripts/seed.ts"], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  stdio: "inherit",
});
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  for (const target of paths) {
    const [pathname, display] = target.split(":");
    for (const [name, viewport] of Object.entries(widths)) {
      const page = await browser.newPage({ viewport });
      if (display) {
        const cookie = display === "more" ? "rifq_contrast" : "rifq_text_size";
        await page.context().addCookies([{ name: cookie, value: display, url: server.url }]);
      }
      await page.goto(`${server.url}${pathname}`);
      await page.evaluate(() => document.fonts.ready);
      const base = pathname === "/" ? "home" : pathname.slice(1).replaceAll("/", "-");
      const suffix = !display ? "" : display === "more" ? "-high-contrast" : `-text-${display}`;
      const slug = `${base}${suffix}`;
      await page.screenshot({
        path: `docs/screenshots/${slug}-${name}.png`,
        fullPage: name === "desktop",
      });
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
