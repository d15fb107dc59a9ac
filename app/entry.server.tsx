import { PassThrough, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { type LivePage, liveListsOf } from "~/shared/live-event";
import { livePageAt } from "~/shared/live-page";
import { defersStylesheet } from "~/shared/stylesheet";
import { inlineCriticalCss } from "~/utils/critical-css.server";
import { deferHydration } from "~/utils/deferred-hydration.server";
import { oneWritePerTurn } from "~/utils/one-write-per-turn.server";

export const streamTimeout = 5_000;

/**
 * A signed-out reader's document as one string: its critical CSS inlined, its app loaded when
 * the page first needs it (docs/decisions/025, 033).
 */
async function readingPage(body: Readable, page: LivePage) {
  const chunks: Buffer<ArrayBuffer>[] = [];
  for await (const chunk of body) chunks.push(chunk);
  // Bytes all the way, never a string: decoding and encoding 70 KB of Arabic cost more than the
  // rest of this. The scripts move out first, so the critical CSS is not in the <head> their
  // search reads.
  return inlineCriticalCss(deferHydration(Buffer.concat(chunks), page));
}

/** What the inline script needs to know of the page to tell which live changes concern it. */
function readingPageOf(request: Request, routerContext: EntryContext): LivePage {
  const handles = routerContext.staticHandlerContext.matches.map(
    (match) => routerContext.routeModules[match.route.id]?.handle,
  );
  return livePageAt(new URL(request.url).pathname, liveListsOf(handles));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const rootData = routerContext.staticHandlerContext.loaderData.root as
      | { user?: unknown }
      | undefined;
    const criticalCss = defersStylesheet(rootData?.user ?? null);
    // Bots, the no-JavaScript reader and pages that get their critical CSS inlined are rendered
    // whole before they are sent.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || criticalCss
        ? "onAllReady"
        : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // A reader's page is read whole anyway; any other leaves as React's turns write it.
          const body = criticalCss ? new PassThrough() : oneWritePerTurn();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (criticalCss) {
            readingPage(body, readingPageOf(request, routerContext)).then(
              (html) =>
                resolve(
                  new Response(html, { headers: responseHeaders, status: responseStatusCode }),
                ),
              reject,
            );
          } else {
            const stream = createReadableStreamFromReadable(body);
            resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          }
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
