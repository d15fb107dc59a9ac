import { emailBodyHtml, htmlToPlainText } from "~/utils/rich-text.server";
import { countedCampaignLinks } from "./campaign-links.server";

/**
 * A campaign as the e-mail every subscriber gets (docs/decisions/051): right-to-left HTML that
 * common mail clients render (one centred table, inline styles, no script, no stylesheet, images
 * by absolute address) and its plain-text twin, both ending with the unsubscribe link.
 */

export interface CampaignEmailInput {
  subject: string;
  /** The stored (sanitized) body. */
  bodyHtml: string;
  siteUrl: string;
  /** This recipient's one-click link (https in production). */
  unsubscribeUrl: string;
  /** Where the campaign can be read on the site, when it is in the archive. */
  archiveUrl?: string;
  /** A sent campaign's id: its links then go through the counting redirect (decision 074). */
  countLinksOf?: string;
}

export const ASSOCIATION_NAME = "جمعية رفق";
export const UNSUBSCRIBE_TEXT = "إلغاء الاشتراك في النشرة";

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const FONT = "font-family:Tahoma,'Segoe UI',Arial,sans-serif";

export function renderCampaignEmail(input: CampaignEmailInput): { html: string; text: string } {
  const subject = escapeHtml(input.subject);
  const rendered = emailBodyHtml(input.bodyHtml, input.siteUrl);
  const body = input.countLinksOf
    ? countedCampaignLinks(rendered, input.countLinksOf, input.siteUrl)
    : rendered;
  const archiveLink = input.archiveUrl
    ? `<a href="${escapeHtml(input.archiveUrl)}" style="color:#0f5a4f">اقرأها على الموقع</a> · `
    : "";
  const html = `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${subject}</title>
</head>
<body dir="rtl" style="margin:0;padding:0;background:#f3f6f5;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="rtl" style="background:#f3f6f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="rtl" style="max-width:600px;background:#ffffff;border-radius:12px;text-align:right">
<tr><td style="padding:20px 24px;background:#0f5a4f;border-radius:12px 12px 0 0;color:#ffffff;font-size:18px;font-weight:bold;${FONT}">${ASSOCIATION_NAME}</td></tr>
<tr><td dir="rtl" style="padding:24px;text-align:right;${FONT}">
<h1 style="margin:0 0 20px;font-size:26px;line-height:1.5;color:#0f5a4f">${subject}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d7e0df;font-size:14px;line-height:1.8;color:#55656b;text-align:right;${FONT}">
وصلتك هذه الرسالة لأنك اشتركت في نشرة ${ASSOCIATION_NAME} وأكّدت اشتراكك.<br>
${archiveLink}<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#0f5a4f">${UNSUBSCRIBE_TEXT}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    input.subject,
    "",
    htmlToPlainText(body),
    "",
    ...(input.archiveUrl ? [`اقرأها على الموقع: ${input.archiveUrl}`] : []),
    `${UNSUBSCRIBE_TEXT} بضغطة واحدة: ${input.unsubscribeUrl}`,
  ].join("\n");
  return { html, text };
}

/**
 * RFC 2369 and RFC 8058: a mail app's own "unsubscribe" button POSTs
 * `List-Unsubscribe=One-Click` to the https link, without the reader opening anything.
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
