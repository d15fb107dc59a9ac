import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Our cookies are signed with AUTH_SECRET as `<value>.<base64 HMAC-SHA256 of the value>`,
 * URL-encoded: better-auth's session cookie (`better-auth.session_token`, with `__Secure-` in
 * front over HTTPS; padded base64) and React Router's toast cookie (`rifq_toast`; unpadded).
 * Checking a signature costs microseconds and no database read, so the HTTP layer can tell a real
 * cookie from one that merely looks like it — before it skips the page cache or reads a body.
 * (Whether a session is still alive is for the database to say, later.)
 */
export const SESSION_COOKIE = "(?:__Secure-)?better-auth\\.session_token";
export const TOAST_COOKIE = "rifq_toast";

const COOKIE_PATTERNS = new Map<string, RegExp>();
/** Signatures checked lately: one request has its cookie checked three or four times. */
const checked = new Map<string, string | null>();
const CHECKED_KEPT = 1_000;

/** The value of cookie `name` when its signature verifies with `secret`, else null. */
export function signedCookieValue(
  cookieHeader: string | undefined,
  name: string,
  secret: string,
): string | null {
  let pattern = COOKIE_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`);
    COOKIE_PATTERNS.set(name, pattern);
  }
  const raw = cookieHeader?.match(pattern)?.[1];
  if (!raw) return null;
  const key = `${secret}\n${raw}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  const value = verifiedValue(raw, secret);
  if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value as string);
  checked.set(key, value);
  return value;
}

/** The value of a signed cookie's raw text, when its signature verifies with `secret`. */
function verifiedValue(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  // Compared as text: Node's base64 decoder is lenient and would accept trailing junk.
  const signature = Buffer.from(value.slice(dot + 1));
  const padded = createHmac("sha256", secret).update(value.slice(0, dot)).digest("base64");
  const verified = [padded, padded.replace(/=+$/, "")].some(
    (expected) =>
      signature.length === expected.length && timingSafeEqual(signature, Buffer.from(expected)),
  );
  return verified ? value.slice(0, dot) : null;
}

export const hasSignedCookie = (cookieHeader: string | undefined, name: string, secret: string) =>
  signedCookieValue(cookieHeader, name, secret) !== null;

/** The session token of a session cookie signed with `secret` (its session may have ended). */
export const signedSessionToken = (cookieHeader: string | undefined, secret: string) =>
  signedCookieValue(cookieHeader, SESSION_COOKIE, secret);

export const hasSignedSessionCookie = (cookieHeader: string | undefined, secret: string) =>
  hasSignedCookie(cookieHeader, SESSION_COOKIE, secret);
