import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { LivePage } from "~/shared/live-event";
import { expectLog } from "../../tests/support/logs";
import { deferHydration as deferHydrationIn, ROUTER_CONTEXT } from "./deferred-hydration.server";
import { DocumentEdits } from "./document-edits";

function deferHydration(html: string, page: LivePage) {
  const document = new DocumentEdits(Buffer.from(html));
  deferHydrationIn(document, page);
  return document.result().toString("utf8");
}

const page: LivePage = { pagePath: "/about", sharedPath: "@layout", lists: ["posts"] };

const document = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/><style>p{}</style></head>',
  "<body><main><h1>من نحن</h1></main>",
  '<script nonce="n">console.log("scroll restoration")</script>',
  '<script nonce="n">window.__reactRouterContext = {};</script>',
  '<script nonce="n" type="module" async="">import "/assets/entry.client-A.js";</script>',
  '<!--$--><script nonce="n">window.__reactRouterContext.streamController.close();</script><!--/$-->',
  "</body></html>",
].join("");

describe("a reader's page without its app", () => {
  const html = deferHydration(document, page);
  const template = html.slice(html.indexOf("<template"), html.indexOf("</template>"));

  test("keeps the page's content, and its scripts and preloads only inside the template", () => {
    expect(html).toContain("<main><h1>من نحن</h1></main>");
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("modulepreload");
    expect(template).toContain('<link rel="modulepreload" href="/assets/entry.client-A.js"');
    expect(template).toContain('<link rel="modulepreload" href="/assets/root-B.js"');
    expect(template).toContain("window.__reactRouterContext = {};");
    expect(template).toContain("streamController.close();</script><!--/$-->");
    expect(html.replace(template, "")).not.toContain("__reactRouterContext");
  });

  test("runs what came before the app's scripts as before, and loads the small script instead", () => {
    expect(html).toContain('console.log("scroll restoration")</script><template id="rifq-app"');
    expect(html).toMatch(/<\/template><script src="\/reading-boot\.js" defer><\/script><\/body>/);
  });

  test("tells the script which page it is and which lists it shows, safely quoted", () => {
    expect(template).toContain(
      'data-page="{&quot;pagePath&quot;:&quot;/about&quot;,&quot;sharedPath&quot;:&quot;@layout&quot;,&quot;lists&quot;:[&quot;posts&quot;]}"',
    );
    const hostile = deferHydration(document, { ...page, pagePath: '/"><script>x</script>' });
    expect(hostile).not.toContain("<script>x</script>");
    // An address in Arabic, were one ever unencoded, keeps its letters.
    expect(deferHydration(document, { ...page, pagePath: "/عن-الجمعية" })).toContain(
      "&quot;pagePath&quot;:&quot;/عن-الجمعية&quot;",
    );
  });

  test("leaves a document without the app's scripts as it is, and says so loudly", () => {
    // React Router writing its scripts otherwise (an upgrade): every reader's page would load its
    // whole app. Logged as an error once per process (docs/decisions/033).
    expectLog("logger.error", /React Router's scripts were not found/);
    const plain = "<html><head></head><body><p>نص</p></body></html>";
    expect(deferHydration(plain, page)).toBe(plain);
    expect(deferHydration(plain.replace("نص", "نص آخر"), page)).toContain("نص آخر");
  });

  test("the marker it looks for is the one the installed React Router writes", () => {
    // React Router's <Scripts> source, in the builds the server and the browser use.
    for (const build of ["production", "development"]) {
      const dir = path.resolve("node_modules/react-router/dist", build);
      const sources = readdirSync(dir)
        .filter((file) => file.endsWith(".mjs"))
        .map((file) => readFileSync(path.join(dir, file), "utf8"));
      expect(
        sources.some((source) => source.includes(`\`${ROUTER_CONTEXT}\${`)),
        `React Router (${build}) no longer writes "${ROUTER_CONTEXT}": see docs/decisions/033`,
      ).toBe(true);
    }
  });
});
