// React Router's Express adapter (@react-router/express 7.18.4), with its response writer fixed.
//
// Its writer (@react-router/node's writeReadableStreamToWritable) races every read against one
// promise that settles only if the response fails, so each read chunk stays reachable until the
// response ends (nodejs/node#17469): a download held every byte it had sent, 50 slow readers of a
// 19 MB document +37–45 MB. Fixed upstream in remix-run/react-router#15500 (issue #15247); until
// the installed version has it, the adapter is here, the same but for a race of its own per wait
// (docs/decisions/067, item 8).
import type { Writable } from "node:stream";
import type { GetLoadContextFunction, RequestHandler } from "@react-router/express";
import { createReadableStreamFromReadable } from "@react-router/node";
import type * as express from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";

export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext?: GetLoadContextFunction;
  mode?: string;
}): RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const loadContext = await getLoadContext?.(req, res);
      const response = await handleRequest(request, loadContext);
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function createRemixHeaders(requestHeaders: express.Request["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function createRemixRequest(req: express.Request, res: express.Response): Request {
  const [, hostnamePortStr] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPortStr] = req.get("host")?.split(":") ?? [];
  const hostnamePort = Number.parseInt(hostnamePortStr ?? "", 10);
  const hostPort = Number.parseInt(hostPortStr ?? "", 10);
  const port = Number.isSafeInteger(hostnamePort)
    ? hostnamePort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const resolvedHost = `${hostname}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${resolvedHost}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: createRemixHeaders(req.headers),
    signal: controller.signal,
  };
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendRemixResponse(res: express.Response, response: Response): Promise<void> {
  if (isResponseClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (isResponseClosed(res)) return;
    throw error;
  }
}

const isResponseClosed = (res: express.Response) => res.destroyed || res.writableEnded;

/**
 * @react-router/node's writer: each chunk written as read, waiting for the reader (drain). The
 * compressor is flushed once the chunks at hand are written, not after each one: React writes a
 * page in chunks of 4 KB, and a brotli flush per chunk cost a staff list of 370 KB ~90 flushes,
 * as many socket writes and a worse ratio (docs/decisions/080). What a Suspense boundary streams
 * later still leaves at once: its chunks are flushed in the same turn they were written. A rendered
 * document now comes as one chunk per turn (app/utils/one-write-per-turn.server.ts, decision 087).
 */
export async function writeReadableStreamToWritable(
  stream: ReadableStream<Uint8Array>,
  writable: Writable,
): Promise<void> {
  const reader = stream.getReader();
  const flushable = writable as Writable & { flush?: () => void };
  const writableError = monitorWritableError(writable);
  let flushPending = false;
  const flushSoon = () => {
    if (flushPending || typeof flushable.flush !== "function") return;
    flushPending = true;
    setImmediate(() => {
      flushPending = false;
      if (!writable.writableEnded && !writable.destroyed) flushable.flush?.();
    });
  };
  try {
    while (true) {
      writableError.throwIfClosed();
      const { done, value } = await writableError.race(reader.read());
      if (done) {
        writable.end();
        break;
      }
      writableError.throwIfClosed();
      const canContinueWriting = writable.write(value);
      flushSoon();
      if (!canContinueWriting) await waitForDrain(writable, writableError);
    }
  } catch (error) {
    try {
      reader.cancel(error instanceof WritableClosedError ? undefined : error).catch(() => {});
    } catch {}
    destroyWritable(writable, error);
    throw error;
  } finally {
    writableError.cleanup();
    try {
      reader.releaseLock();
    } catch {}
  }
}

class WritableClosedError extends Error {}

function destroyWritable(writable: Writable, error: unknown) {
  if (error instanceof WritableClosedError || writable.destroyed) return;
  writable.once("error", () => {});
  writable.destroy(error as Error);
}

/**
 * Rejects the waits in progress when the writable fails or closes. Each wait races a promise of
 * its own that is forgotten once the wait is over, so nothing outlives it: racing one long-lived
 * promise instead keeps every settled wait, and the chunk it read, until that promise settles.
 */
function monitorWritableError(writable: Writable) {
  const startedDestroyed = writable.destroyed;
  let settled = false;
  let errorEmitted = false;
  let writableError: unknown;
  const waiting = new Set<(error: unknown) => void>();
  function cleanup() {
    if (!startedDestroyed && writable.destroyed && writable.errored && !errorEmitted) return;
    writable.off("error", onError);
    writable.off("close", onClose);
  }
  function reject(error: unknown) {
    if (settled) return;
    settled = true;
    writableError = error;
    cleanup();
    for (const rejectWait of waiting) rejectWait(error);
    waiting.clear();
  }
  function onError(error: unknown) {
    errorEmitted = true;
    reject(error);
  }
  function onClose() {
    reject(new WritableClosedError("Writable closed before stream finished"));
  }
  writable.once("error", onError);
  writable.once("close", onClose);
  return {
    cleanup,
    race<T>(promise: Promise<T>): Promise<T> {
      if (settled) return Promise.reject(writableError);
      return new Promise<T>((resolve, rejectWait) => {
        waiting.add(rejectWait);
        promise.then(
          (value) => {
            waiting.delete(rejectWait);
            resolve(value);
          },
          (error) => {
            waiting.delete(rejectWait);
            rejectWait(error);
          },
        );
      });
    },
    throwIfClosed() {
      if (writableError) throw writableError;
      if (writable.destroyed || writable.writableEnded)
        throw new WritableClosedError("Cannot write to a destroyed or ended writable stream");
    },
  };
}

function waitForDrain(
  writable: Writable,
  writableError: ReturnType<typeof monitorWritableError>,
): Promise<void> {
  let cleanup = () => {};
  const drained = new Promise<void>((resolve) => {
    function onDrain() {
      cleanup();
      resolve();
    }
    cleanup = () => writable.off("drain", onDrain);
    writable.once("drain", onDrain);
  });
  return writableError.race(drained).finally(cleanup);
}
