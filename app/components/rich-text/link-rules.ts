/** Links an article may hold: web pages, e-mail, phone, or a page of this site. */
export const LINK_INVALID = "الرابط غير صالح: ابدأه بـ https:// أو mailto: أو tel: أو /";

/** The link as it will be stored, or null when it is not one an article may hold. */
export function normaliseLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^\/(?!\/)\S*$/.test(text)) return text;
  // "www.example.org" without a scheme is a web address.
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol === "mailto:" || url.protocol === "tel:") return withScheme;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname.includes(".") || /\s/.test(text)) return null;
  return url.href;
}
