/** Longest redirect target we keep; a longer one is not a link someone followed. */
const MAX_TARGET_LENGTH = 2048;
const ORIGIN = "http://rifq.invalid";

/** Non-ASCII characters percent-encoded (a Location header carries bytes, not text). */
function encodeNonAscii(target: string): string | null {
  try {
    return target.replace(/\P{ASCII}/gu, (char) => encodeURIComponent(char));
  } catch {
    return null; // a lone surrogate
  }
}

/**
 * A same-site path to send the browser to, or `fallback`. Only a path that starts with one `/`
 * and holds visible ASCII passes: browsers drop tabs and line breaks and read `\` as `/`, so
 * `/\t/evil.example` or `/\evil` would leave the site, and CR/LF must never reach a header.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_TARGET_LENGTH) return fallback;
  // Spaces, control and invisible formatting characters (bidi overrides…) in any script.
  if (/[\s\p{Cc}\p{Cf}]/u.test(target)) return fallback;
  const encoded = encodeNonAscii(target);
  if (!encoded || !/^\/(?![/\\])[\x21-\x7e]*$/.test(encoded) || encoded.includes("\\")) {
    return fallback;
  }
  try {
    return new URL(encoded, ORIGIN).origin === ORIGIN ? encoded : fallback;
  } catch {
    return fallback;
  }
}
