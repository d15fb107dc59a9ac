import type { MetaDescriptor } from "react-router";

interface RootData {
  siteUrl?: string | null;
}

export const SITE_NAME = "جمعية رفق لرعاية كبار السن";

/**
 * Title, description, canonical URL (from the site_url setting) and Open Graph tags of a page.
 * `matches` is the meta function's argument, where the root loader's data lives.
 */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  page: { title: string; description: string; path: string; image?: string | null },
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const title = page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`;
  const base = root?.siteUrl?.replace(/\/$/, "");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "ar_SA" },
    { property: "og:site_name", content: SITE_NAME },
  ];
  if (base) {
    tags.push({ tagName: "link", rel: "canonical", href: `${base}${page.path}` });
    tags.push({ property: "og:url", content: `${base}${page.path}` });
  }
  if (page.image) {
    tags.push({
      property: "og:image",
      content: page.image.startsWith("http") || !base ? page.image : `${base}${page.image}`,
    });
  }
  return tags;
}
