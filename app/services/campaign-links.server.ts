import { isbot } from "isbot";
import { sentCampaignBody } from "~/models/campaigns.server";
import { countReading } from "~/models/reading-counts.server";
import { STATISTIC_KINDS } from "~/shared/statistics";
import { getSiteUrl } from "~/utils/env.server";
import { emailBodyHtml } from "~/utils/rich-text.server";
import { idOfSignedToken, signedToken } from "~/utils/signed-tokens.server";

/**
 * Newsletter links counted per campaign and link, never per person (docs/decisions/074): each
 * web link of a campaign's body points at `/newsletter/go/<token>`, the token the campaign's id
 * and the link's place in the body signed with AUTH_SECRET. The redirect reads the link from
 * the stored body again, so it leads only where the campaign does (not an open redirect) and
 * the token carries nothing about the recipient.
 */

export const NEWSLETTER_GO_PATH = "/newsletter/go";

const LINK = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const isWebLink = (href: string) => /^https?:\/\//i.test(href);

/** The web links of a rendered e-mail body, in order (their place is their number). */
export function campaignLinks(emailBody: string): string[] {
  return [...emailBody.matchAll(LINK)]
    .map((match) => unescapeAttribute(match[2] ?? ""))
    .filter(isWebLink);
}

/** The rendered e-mail body with each web link through the counting redirect. */
export function countedCampaignLinks(emailBody: string, campaignId: string, siteUrl: string) {
  let place = 0;
  return emailBody.replace(LINK, (whole, before: string, href: string, after: string) => {
    if (!isWebLink(unescapeAttribute(href))) return whole;
    const token = signedToken("newsletter-link", `${campaignId}~${place++}`);
    return `${before}${siteUrl}${NEWSLETTER_GO_PATH}/${token}${after}`;
  });
}

/**
 * Where a newsletter link's token leads — the link at its place in its sent campaign's body —
 * counted as a click unless a robot (a mail scanner) follows it; null for anything else.
 */
export async function followCampaignLink(token: string, userAgent: string) {
  const signed = idOfSignedToken("newsletter-link", token);
  const [campaignId = "", place = ""] = signed?.split("~") ?? [];
  if (!signed || !/^\d{1,4}$/.test(place)) return null;
  const bodyHtml = await sentCampaignBody(campaignId);
  if (bodyHtml === null) return null;
  const link = campaignLinks(emailBodyHtml(bodyHtml, getSiteUrl()))[Number(place)];
  if (!link) return null;
  if (!isbot(userAgent)) countReading(STATISTIC_KINDS.click, campaignId, link);
  return link;
}
