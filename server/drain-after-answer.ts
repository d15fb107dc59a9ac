import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * An answer given before the request's body was read — a refusal of server/body-limits.ts, an
 * action that redirects a signed-out editor — must reach the client. Browsers read the answer
 * only once they have sent the whole body; closing the connection while the body still arrives
 * makes the kernel reset it, and the reset throws the answer away unread. So the rest of the body
 * is read and dropped ("lingering close", as nginx and Apache do), within bounds: past
 * `maxBytes` or `maxMs` the connection is closed (docs/decisions/039).
 */
export interface DrainLimits {
  maxBytes: number;
  maxMs: number;
}

/** A 6 MB photo over the upload cap and a 20 MB body sent to /login are both drained. */
export const DRAIN_LIMITS: DrainLimits = { maxBytes: 32 * 1024 * 1024, maxMs: 10_000 };

/**
 * Call before `res` answers; returns `drainNow`, for an answer that will never read the body.
 * Until the body is read, closing the connection (Node does it right after a `Connection: close`
 * answer) only half-closes it: the client gets the whole answer and its end. Once answered, the
 * rest of the body is read and dropped until it ends (then a closing connection closes) or a
 * bound is reached (then it is cut). A request whose body was read whole is left as it was.
 */
export function drainAfterAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  limits: DrainLimits = DRAIN_LIMITS,
): () => void {
  const socket = req.socket;
  let closeAsked = false;
  socket.destroySoon = () => {
    closeAsked = true;
    socket.end();
  };
  const restore = () => {
    // The prototype's destroySoon again, for the next request on a kept-alive connection.
    delete (socket as { destroySoon?: unknown }).destroySoon;
    if (closeAsked) socket.destroySoon();
  };
  let draining = false;
  const drainNow = () => {
    if (draining) return;
    draining = true;
    if (req.complete || socket.destroyed) return restore();
    let drained = 0;
    const timer = setTimeout(() => socket.destroy(), limits.maxMs);
    timer.unref();
    // Whoever read the body so far (an action's reader) is done with it: the rest is dropped.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > limits.maxBytes) socket.destroy();
    });
    req.once("end", restore);
    req.once("close", () => clearTimeout(timer));
    req.resume();
  };
  res.once("close", drainNow);
  return drainNow;
}
