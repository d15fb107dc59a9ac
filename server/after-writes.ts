import type { NextFunction, Request, Response } from "express";

/**
 * Runs `forget` as each request that may write (any method but GET and HEAD) ends, whether it
 * succeeded, failed or was cut off: what the request changed is then read again. The server uses
 * it for the sessions getActor keeps a few seconds (a sign-in or sign-out, a role change, a
 * deleted account apply at the next request).
 */
export function forgetAfterWrites(forget: () => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") res.once("close", forget);
    next();
  };
}
