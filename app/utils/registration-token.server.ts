import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "./env.server";

// The secret of an event registration's own page (its confirmation and cancel link): the
// registration's id signed with AUTH_SECRET, so nothing is stored and a guessed id opens nothing.

const signatureOf = (id: string) =>
  createHmac("sha256", getEnv().AUTH_SECRET).update(`event-registration:${id}`).digest("base64url");

export const registrationToken = (id: string) => `${id}.${signatureOf(id)}`;

/** The registration id a token was signed for, or null for anything else. */
export function registrationIdOf(token: string): string | null {
  if (token.length > 200) return null;
  const [id, signature] = token.split(".");
  if (!id || !signature) return null;
  const expected = Buffer.from(signatureOf(id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
