import type { MetaDescriptor } from "react-router";

interface RootData {
  siteUrl?: string | null;
}

export const SITE_NAME = "جمعية رفق لرعاية كبار السن";

/** A page's <title>: its own, then the site's name. */
export const pageTitle = (title: string) =>
  title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;

/**
 * Title, description, canonical URL (from the site_url setting) and Open Graph tags of a page.
 * `matches` is the meta function's argument, where the root loader's data lives.
 */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  page: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    /** The setting's fields the title and description show, for a reader's held page to apply. */
    settings?: { title: string; description: string };
  },
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const title = pageTitle(page.title);
  const base = root?.siteUrl?.replace(/\/$/, "");
  // A held page applies a new value to the marked tags, and its <title> as its og:title
  // (app/reading-boot/apply-setting.ts, docs/decisions/055).
  const marks = page.settings;
  const description = marks && { "data-setting": marks.description };
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description, ...description },
    {
      property: "og:title",
      content: title,
      ...(marks && { "data-setting": marks.title, "data-setting-as": "title" }),
    },
    { property: "og:description", content: page.description, ...description },
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
