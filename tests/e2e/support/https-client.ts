import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";

export interface ClientOptions {
  /** The certificate to trust (the test's own). */
  ca?: string;
  /** The address the client connects from: another 127.x address is another visitor to nginx. */
  localAddress?: string;
}

export interface ClientRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams | FormData;
  /** Aborting it ends the request and its response (an event stream's close). */
  signal?: AbortSignal;
}

/**
 * A `fetch` as a visitor on another machine would make it: over HTTPS trusting `ca`, from
 * `localAddress`, never following redirects, the body as it is sent (Content-Length set).
 * Answers a web Response whose body streams (an event stream's events arrive as they come).
 */
export function clientFetch({ ca, localAddress }: ClientOptions = {}) {
  return async (url: string, init: ClientRequest = {}): Promise<Response> => {
    const { body, contentType } = await bytesOf(init.body);
    const headers: Record<string, string> = { ...init.headers };
    if (contentType) headers["content-type"] = contentType;
    if (body) headers["content-length"] = String(body.length);
    const target = new URL(url);
    const transport = target.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      let answered = false;
      const request = transport.request(
        target,
        { method: init.method ?? "GET", headers, ca, localAddress, agent: false },
        (response) => {
          answered = true;
          const answer = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of ([] as string[]).concat(value ?? [])) answer.append(name, one);
          }
          const status = response.statusCode ?? 0;
          const empty = status === 204 || status === 304 || init.method === "HEAD";
          resolve(
            new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
              status,
              headers: answer,
            }),
          );
        },
      );
      // A proxy may answer (a 413) and close before the whole body was sent: the answer counts.
      request.on("error", (error) => {
        if (!answered) reject(error);
      });
      init.signal?.addEventListener("abort", () => request.destroy(), { once: true });
      request.end(body);
    });
  };
}

/** A body's bytes and type as fetch would send them (FormData as multipart). */
async function bytesOf(body: ClientRequest["body"]) {
  if (body === undefined) return { body: undefined, contentType: undefined };
  if (typeof body === "string" || body instanceof Uint8Array) {
    return { body: Buffer.from(body), contentType: undefined };
  }
  const encoded = new Response(body);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? undefined,
  };
}
