// Takes the README's screenshots of real pages: `npx tsx scripts/screenshots.ts [path ...]`.
// Needs a build (npm run build) and Chromium at /usr/bin/chromium.
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { newDataDir, startServer } from "../tests/e2e/support/server";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];
const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

// The pictures show the demo content (npm run seed) rather than an empty site.
const dataDir = newDataDir();
spawnSync("node_modules/.bin/tsx", ["database/seed.ts"], {
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
  for (const pathname of paths) {
    for (const [name, viewport] of Object.entries(widths)) {
      const page = await browser.newPage({ viewport });
      await page.goto(`${server.url}${pathname}`);
      await page.evaluate(() => document.fonts.ready);
      const slug = pathname === "/" ? "home" : pathname.slice(1).replaceAll("/", "-");
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
