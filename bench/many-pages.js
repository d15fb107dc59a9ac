// Part of `npm run bench`: the site with 500 pages built from blocks (docs/decisions/049). Prints
// how long a page, the sitemap and the staff pages list take to render, one request at a time,
// past the page cache. Figures only.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { signedOut, timeRenders } from "./many-posts.js";
import { ADMIN_ENV, run, signInAdmin, startServer } from "./server.js";

const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const COUNT = Number(process.env.MANY_PAGES ?? 500);

export async function benchManyPages({ port = 3996 } = {}) {
  const server = await startServer({
    port,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
    beforeStart: async (dataDir) => {
      const image = path.join(dataDir, "uploads", "seed", "bench-page.png");
      mkdirSync(path.dirname(image), { recursive: true });
      writeFileSync(
        image,
        await sharp({
          create: { width: 1200, height: 675, channels: 3, background: "#0f6b5c" },
        })
          .png()
          .toBuffer(),
      );
      return run("npx", ["tsx", "bench/seed-many-pages.ts"], {
        DATA_DIR: dataDir,
        MANY_PAGES: String(COUNT),
      });
    },
  });
  try {
    const admin = await signInAdmin(server.url);
    const figures = {
      "a page (/p/bench-page-251)": await timeRenders(
        `${server.url}/p/bench-page-251`,
        signedOut(),
      ),
      "/sitemap.xml": await timeRenders(`${server.url}/sitemap.xml`, signedOut()),
      "staff pages list": await timeRenders(`${server.url}/admin/dashboard/pages`, admin),
    };
    console.log(
      `${COUNT.toLocaleString("en")} pages, rendered one at a time: ` +
        Object.entries(figures)
          .map(([page, figure]) => `${page} ${figure}`)
          .join(" | "),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchManyPages();
