import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "./env.server";

/** How long a preview link works. */
export const PREVIEW_LINK_TTL_MS = 60 * 60 * 1000;

const signatureOf = (postId: string, expires: number) =>
  createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`post-preview:${postId}:${expires}`)
    .digest("base64url");

/** A signed, expiring token that opens the public page of post `postId` before it is public. */
export function createPreviewToken(postId: string, issuedAt = Date.now()): string {
  const expires = issuedAt + PREVIEW_LINK_TTL_MS;
  return `${expires}.${signatureOf(postId, expires)}`;
}

/** Whether `token` was signed by us for `postId` and has not expired. */
export function isValidPreviewToken(postId: string, token: string, at = Date.now()): boolean {
  const [expiresText, signature] = token.split(".");
  const expires = Number(expiresText);
  if (!signature || !Number.isSafeInteger(expires) || expires < at) return false;
  const expected = Buffer.from(signatureOf(postId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
