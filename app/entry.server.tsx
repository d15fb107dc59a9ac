import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { defersStylesheet } from "~/shared/stylesheet";
import { inlineCriticalCss } from "~/utils/critical-css.server";

export const streamTimeout = 5_000;

/** The whole document as one string, its critical CSS inlined (signed-out visitors' pages). */
async function withCriticalCss(body: PassThrough) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return inlineCriticalCss(Buffer.concat(chunks).toString("utf8"));
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
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (criticalCss) {
            withCriticalCss(body).then(
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
