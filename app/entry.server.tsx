import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { type LivePage, liveListsOf } from "~/shared/live-event";
import { livePageAt } from "~/shared/live-page";
import type { Role } from "~/shared/statuses";
import { defersStylesheet } from "~/shared/stylesheet";
import { inlineCriticalCss } from "~/utils/critical-css.server";
import { deferHydration } from "~/utils/deferred-hydration.server";
import { type Bytes, DocumentEdits } from "~/utils/document-edits";
import { oneWritePerTurn } from "~/utils/one-write-per-turn.server";
import { finalBody, wholeDocument } from "~/utils/whole-document.server";

export const streamTimeout = 5_000;

/**
 * A signed-out reader's document, whole: its critical CSS inlined, its app loaded when
 * the page first needs it (docs/decisions/025, 033).
 */
async function readingPage(rendered: Promise<Bytes>, page: LivePage) {
  // Bytes all the way, never a string: decoding and encoding 70 KB of Arabic cost more than the
  // rest of this; and both changes are made in one copy of them.
  const document = new DocumentEdits(await rendered);
  deferHydration(document, page);
  inlineCriticalCss(document);
  return document.result();
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
      | { user?: { role: Role } | null }
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
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (criticalCss) {
            // A reader's page is read whole anyway; any other leaves as React's turns write it.
            const { sink, document } = wholeDocument();
            readingPage(document, readingPageOf(request, routerContext)).then(
              (html) =>
                resolve(
                  new Response(finalBody(html), {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  }),
                ),
              reject,
            );
            pipe(sink);
          } else {
            const body = oneWritePerTurn();
            const stream = createReadableStreamFromReadable(body);
            resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
            pipe(body);
          }
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
