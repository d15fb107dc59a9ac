import type { NextFunction, Request, Response } from "express";
import { type BodyCaps, BUILT_FORM_LARGEST_CAPS, FORM_CAPS } from "~/utils/body-caps.server";
import { FORM_MAX_BYTES, REQUEST_TOO_LARGE } from "~/utils/form-data.server";
import { hasSignedSessionCookie } from "~/utils/session-cookie.server";
import { toastHeader } from "~/utils/toast.server";
import { type DrainLimits, drainAfterAnswer } from "./drain-after-answer";

/**
 * Caps every request body by route before anything reads it, so no request — least of all an
 * anonymous one — can make the process hold more than its route ever needs: a declared
 * Content-Length over the cap is answered 413 at once, and a body sent without one is counted
 * as it streams and cut off with 413. Staff writes without a signed session cookie are refused
 * before their body is read: a browser's form goes to sign-in (303), a fetch gets 401. Answers
 * are Arabic plain text (docs/decisions/021); the unread body is drained, bounded, so that the
 * client reads them (docs/decisions/039).
 */

/** Sign-in, sign-up, forgot, reset and setup: a few short fields. */
export const SIGN_IN_MAX_BYTES = 16 * 1024;
/** better-auth's JSON endpoints under /api. */
export const API_MAX_BYTES = 32 * 1024;
export const SIGN_IN_REQUIRED = "يجب تسجيل الدخول أولاً";
export const NOT_SAVED = "لم يُحفظ ما أرسلته";
/** The sign-in page's notice after a signed-out staff form was refused. */
export const SESSION_ENDED_TOAST = {
  type: "error",
  title: "انتهت جلستك",
  description: `${NOT_SAVED}. سجّل الدخول مرة أخرى ثم أعد إرساله.`,
} as const;

export interface BodyLimit {
  maxBytes: number;
  /** Only a signed-in staff member writes here: refused without a signed session cookie. */
  staffOnly: boolean;
}

/**
 * The route path a request is for, as React Router matches it: percent-escapes decoded, lower
 * case (routes match case-insensitively), and without the single-fetch suffix its client adds
 * when it posts an action (`/login.data`, `/_root.data` for `/`, `/a/_.data` for `/a/`). The
 * `?index` of an index route is in the query, which no rule looks at.
 */
export function routePathOf(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: React Router will not match it to a route either.
  }
  return path
    .toLowerCase()
    .replace(/\/_root\.data$/, "/")
    .replace(/\/_\.data$/, "/")
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
}

const SIGN_IN_PATHS = /^\/(?:login|auth|setup)$/;
const FORM = (section: string) => new RegExp(`^/admin/dashboard/${section}/(?:new|[^/]+/edit)$`);
/**
 * The forms whose body may be larger than a form of short fields, each with the caps its fields
 * declare (app/utils/body-caps.server.ts, docs/decisions/070).
 */
const FORM_ROUTES: [RegExp, BodyCaps][] = [
  [FORM("posts"), FORM_CAPS.post],
  [/^\/admin\/dashboard\/posts\/media$/, FORM_CAPS.inlineImage],
  [FORM("images"), FORM_CAPS.galleryImage],
  // Pages built from blocks upload their image blocks' files with the form (decision 049).
  [FORM("pages"), FORM_CAPS.page],
  // A document's PDF comes with the new one only; an edit changes what is said about it.
  [/^\/admin\/dashboard\/documents\/new$/, FORM_CAPS.document],
  [FORM("events"), FORM_CAPS.event],
  [FORM("campaigns"), FORM_CAPS.campaign],
  // A new card may carry its image (docs/decisions/047).
  [/^\/api\/card-lists$/, FORM_CAPS.cardList],
  // A built form's answer, its files at its fields' limits (docs/decisions/071); the action
  // reads with the form's own caps.
  [/^\/forms\/[^/]+$/, BUILT_FORM_LARGEST_CAPS],
];
/**
 * The largest body any route accepts: a proxy in front caps bodies at this figure
 * (deploy/nginx/rifq.conf's `client_max_body_size`, checked by server/nginx-site.test.ts).
 */
export const LARGEST_BODY_BYTES = Math.max(
  FORM_MAX_BYTES,
  API_MAX_BYTES,
  SIGN_IN_MAX_BYTES,
  ...FORM_ROUTES.map(([, caps]) => caps.maxBytes),
);
const STAFF_WRITES = /^\/(?:admin(?:\/.*)?|api\/page-content|api\/card-lists|account\/two-factor)$/;

/**
 * The cap of a request to `pathname` (see routePathOf) with `contentType`: a form with a file,
 * sent as multipart, may carry a file over its field's limit, which the action reads and drops
 * to answer the form beside that field (`BodyCaps.maxBytes`).
 */
export function bodyLimitFor(pathname: string, contentType = ""): BodyLimit {
  const path = routePathOf(pathname);
  const staffOnly = STAFF_WRITES.test(path);
  if (SIGN_IN_PATHS.test(path)) return { maxBytes: SIGN_IN_MAX_BYTES, staffOnly };
  const caps = FORM_ROUTES.find(([pattern]) => pattern.test(path))?.[1];
  if (caps) {
    const multipart = /^multipart\/form-data\s*(?:;|$)/i.test(contentType.trim());
    return { maxBytes: multipart ? caps.maxBytes : caps.formBytes, staffOnly };
  }
  // Page texts are posted as URL-encoded forms: 20,000 Arabic letters are some 120 KB.
  if (path === "/api/page-content") return { maxBytes: FORM_MAX_BYTES, staffOnly };
  if (path.startsWith("/api/")) return { maxBytes: API_MAX_BYTES, staffOnly };
  return { maxBytes: FORM_MAX_BYTES, staffOnly };
}

/**
 * Answers at once, with `Connection: close` so that a client that watches for an early answer
 * stops sending; the rest of the body is drained, bounded (server/drain-after-answer.ts).
 */
function refuse(res: Response, status: 401 | 413, message: string, drainNow: () => void) {
  res.status(status).set("Connection", "close").type("text/plain; charset=utf-8").send(message);
  drainNow();
}

/** A form a browser posted itself (not a fetch of the app): it goes where the answer says. */
function isBrowserFormPost(req: Request) {
  if (req.path.endsWith(".data")) return false;
  const mode = req.headers["sec-fetch-mode"];
  if (mode) return mode === "navigate";
  return (req.headers.accept ?? "").includes("text/html");
}

/** The page a signed-out form was sent from: the same-origin Referer, else the form's address. */
function pageOf(req: Request) {
  const referer = req.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === req.headers.host) return `${url.pathname}${url.search}`;
    } catch {
      // Not a URL: the form's own address below.
    }
  }
  const query = new URLSearchParams(req.url.split("?")[1] ?? "");
  query.delete("index");
  const search = query.size ? `?${query}` : "";
  return `${req.path}${search}`;
}

/**
 * A signed-out staff member's form: a browser's own form post goes to sign-in with a notice that
 * what they sent was not saved (a 303, so the sign-in page is fetched with GET); the app's fetches
 * get the 401 (decision 039).
 */
async function refuseSignedOut(req: Request, res: Response, drainNow: () => void) {
  if (!isBrowserFormPost(req)) return refuse(res, 401, SIGN_IN_REQUIRED, drainNow);
  const toast = await toastHeader(SESSION_ENDED_TOAST);
  res
    .status(303)
    .set("Connection", "close")
    .set("Location", `/login?redirectTo=${encodeURIComponent(pageOf(req))}`)
    .append("Set-Cookie", toast)
    .type("text/plain; charset=utf-8")
    .send(`${SIGN_IN_REQUIRED}. ${NOT_SAVED}`);
  drainNow();
}

/**
 * Counts the body as the handler reads it. Past `maxBytes` the handler's copy of the body fails
 * (it then answers nothing: the 413 below has gone first) and the rest is dropped.
 */
function capStreamedBody(req: Request, res: Response, maxBytes: number, drainNow: () => void) {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBytes) return;
    req.off("data", count);
    if (req.listenerCount("error") > 0) req.emit("error", new Error("request body too large"));
    if (res.headersSent) req.destroy();
    else refuse(res, 413, REQUEST_TOO_LARGE, drainNow);
  };
  // Paused, a 'data' listener does not start the flow: the body moves only when read.
  req.pause();
  req.on("data", count);
}

const READS_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

export function createBodyLimits({ secret, drain }: { secret: string; drain?: DrainLimits }) {
  return function bodyLimits(req: Request, res: Response, next: NextFunction) {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // Whatever answers before the body is read — a refusal here, an action's redirect — the
    // client reads the answer.
    const drainNow = drainAfterAnswer(req, res, drain);
    const { maxBytes, staffOnly } = bodyLimitFor(req.path, req.headers["content-type"]);
    if (staffOnly && !READS_ONLY.has(req.method)) {
      if (!hasSignedSessionCookie(req.headers.cookie, secret)) {
        return void refuseSignedOut(req, res, drainNow).catch(next);
      }
    }
    const declared = Number(req.headers["content-length"]);
    if (declared > maxBytes) return refuse(res, 413, REQUEST_TOO_LARGE, drainNow);
    capStreamedBody(req, res, maxBytes, drainNow);
    next();
  };
}
