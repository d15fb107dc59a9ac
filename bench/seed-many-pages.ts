// Adds `MANY_PAGES` (default 500) pages built from blocks to DATA_DIR for bench/many-pages.js:
// most published, some drafts, each with a rich text, an image, six cards, a button, a video and a
// documents list (docs/decisions/049; all categories on odd pages, the reports on even ones), and
// two revisions each.
import { randomBytes } from "node:crypto";
import type { PageBlock } from "../app/shared/page-blocks";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { pageRevisions, pages, users } from "../database/schema";

const COUNT = Number(process.env.MANY_PAGES ?? 500);
const BATCH = 100;
const PARAGRAPH =
  "تطلق الجمعية حملتها لرعاية كبار السن في الدمام والخبر والأحساء، بزيارات منزلية ومؤانسة " +
  "وفحوصات دورية، ويشارك فيها المتطوعون والأسر والشركاء في المنطقة الشرقية.";

const blocksOf = (n: number): PageBlock[] => [
  { type: "text", html: `<h2>عن الحملة ${n}</h2>${`<p>${PARAGRAPH}</p>`.repeat(4)}` },
  {
    type: "image",
    src: "/uploads/seed/bench-page.png",
    alt: `صورة الحملة ${n}`,
    caption: "فريق الحملة",
  },
  {
    type: "cards",
    heading: "كيف تشارك",
    items: Array.from({ length: 6 }, (_, i) => ({
      title: `طريقة ${i + 1}`,
      text: "شارك بما تستطيع، فكل جهد يصل إلى كبارنا.",
      icon: "hand-heart" as const,
      link: i % 2 ? "/volunteer" : undefined,
    })),
  },
  { type: "cta", label: "تبرّع الآن", href: "/donate" },
  { type: "video", youtubeId: "dQw4w9WgXcQ", title: `فيديو الحملة ${n}` },
  { type: "documents", heading: "تقارير الحملة", category: n % 2 ? "all" : "reports" },
];

await ensureDatabaseReady();
const [author] = await db
  .insert(users)
  .values({
    id: randomBytes(12).toString("hex"),
    fullName: "محرر الصفحات",
    email: `many-pages-${randomBytes(4).toString("hex")}@rifq.local`,
    role: "editor",
  })
  .returning({ id: users.id });
const now = Date.now();
for (let start = 0; start < COUNT; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, COUNT - start) }, (_, i) => {
    const n = start + i + 1;
    const published = n % 10 !== 0;
    return {
      title: `حملة رقم ${n}`,
      slug: `bench-page-${n}`,
      blocks: blocksOf(n),
      blocksText: PARAGRAPH,
      status: published ? ("published" as const) : ("draft" as const),
      publishedAt: published ? new Date(now - n * 60_000) : null,
      authorId: author.id,
    };
  });
  const inserted = await db
    .insert(pages)
    .values(rows)
    .returning({ id: pages.id, title: pages.title, blocks: pages.blocks });
  await db.insert(pageRevisions).values(
    inserted.flatMap((page) => [
      { pageId: page.id, title: page.title, blocks: page.blocks, savedBy: author.id },
      { pageId: page.id, title: page.title, blocks: page.blocks, savedBy: author.id },
    ]),
  );
}
console.log(`seeded ${COUNT} pages`);
await getDatabaseHandle().close();
