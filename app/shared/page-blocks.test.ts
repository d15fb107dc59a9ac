import { expect, test } from "vitest";
import {
  linksOfBlocks,
  linksToPage,
  PAGE_MESSAGES,
  pageBlockSchema,
  pageFormSchema,
} from "./page-blocks";

test("a link is a path of this site or an https address, nothing else", () => {
  const cta = (href: string) => pageBlockSchema.safeParse({ type: "cta", label: "زر", href });
  for (const href of ["/donate", "/p/حملة", "https://example.org/a?b=1"]) {
    expect(cta(href).success, href).toBe(true);
  }
  for (const href of ["javascript:alert(1)", "//evil.test", "/\\evil.test", "http://x.test", ""]) {
    expect(cta(href).error?.issues[0]?.message, href).toBe(PAGE_MESSAGES.linkInvalid);
  }
});

test("a video block keeps the YouTube id of whatever link was pasted", () => {
  const video = (youtubeId: string) => pageBlockSchema.parse({ type: "video", youtubeId });
  expect(video("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toMatchObject({
    youtubeId: "dQw4w9WgXcQ",
  });
  expect(() => video("https://vimeo.com/1")).toThrow(PAGE_MESSAGES.videoInvalid);
});

test("an unknown kind of block and an icon outside the set are refused in Arabic", () => {
  expect(pageBlockSchema.safeParse({ type: "marquee" }).error?.issues[0]?.message).toBe(
    PAGE_MESSAGES.unknownBlock,
  );
  const cards = pageBlockSchema.safeParse({
    type: "cards",
    items: [{ title: "بطاقة", icon: "skull" }],
  });
  expect(cards.error?.issues[0]?.message).toBe(PAGE_MESSAGES.iconInvalid);
});

test("the form's image block needs a chosen image or a new file", () => {
  const form = (block: Record<string, unknown>) =>
    pageFormSchema.safeParse({ title: "صفحة", slug: "صفحة", blocks: [block] });
  expect(form({ type: "image", alt: "صورة" }).error?.issues[0]).toMatchObject({
    message: PAGE_MESSAGES.imageRequired,
    path: ["blocks", 0, "file"],
  });
  expect(form({ type: "image", alt: "صورة", src: "/uploads/pages/a.webp" }).success).toBe(true);
});

test("the links of a page's blocks, and which of them lead to a page's address", () => {
  const links = linksOfBlocks([
    { type: "text", html: '<p><a href="/p/%D8%AD%D9%85%D9%84%D8%A9">حملة</a></p>' },
    { type: "cta", label: "زر", href: "/p/other" },
    {
      type: "cards",
      items: [{ title: "بطاقة", icon: "heart", link: "https://rifq.test/p/حملة/" }],
    },
  ]);
  expect(links).toHaveLength(3);
  expect(links.filter((link) => linksToPage(link, "حملة"))).toHaveLength(2);
  expect(linksToPage("/p/حملة-ثانية", "حملة")).toBe(false);
});
