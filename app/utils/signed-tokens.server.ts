import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "./env.server";

// Private links that need no account (an event registration's page, a request's follow-up
// page, a newsletter link's redirect): a row's id signed with AUTH_SECRET for one purpose, so nothing is stored, a guessed id
// opens nothing and a token made for one purpose opens nothing of another.

export type TokenPurpose = "event-registration" | "request-follow-up" | "newsletter-link";

const signatureOf = (purpose: TokenPurpose, id: string) =>
  createHmac("sha256", getEnv().AUTH_SECRET).update(`${purpose}:${id}`).digest("base64url");

export const signedToken = (purpose: TokenPurpose, id: string) =>
  `${id}.${signatureOf(purpose, id)}`;

/** The id a token was signed for with this purpose, or null for anything else. */
export function idOfSignedToken(purpose: TokenPurpose, token: string): string | null {
  if (token.length > 200) return null;
  const [id, signature] = token.split(".");
  if (!id || !signature) return null;
  const expected = Buffer.from(signatureOf(purpose, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
