// Adds `MANY_POSTS` (default 10,000) news posts to DATA_DIR for bench/many-posts.js: four
// categories, most published over the past years, some drafts, a featured image on every tenth;
// and as many videos (every fourth a draft) and gallery images, for the media lists.
import { randomBytes } from "node:crypto";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { categories, images, posts, users, videos } from "../database/schema";

const COUNT = Number(process.env.MANY_POSTS ?? 10_000);
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;
const PARAGRAPH =
  "نظّمت الجمعية زيارات منزلية لكبار السن في الدمام والخبر، وقدّم المتطوعون الرعاية والمؤانسة، " +
  "وشارك الفريق الطبي في فحوصات دورية وتوعية صحية للأسر، ضمن برامج الجمعية في المنطقة الشرقية.";

await ensureDatabaseReady();
const [author] = await db
  .insert(users)
  .values({
    id: randomBytes(12).toString("hex"),
    fullName: "فريق الإعلام",
    email: `many-posts-${randomBytes(4).toString("hex")}@rifq.local`,
    role: "editor",
  })
  .returning({ id: users.id });
// The demo categories when seeded, else four of its own.
let created = await db.select({ id: categories.id }).from(categories);
if (created.length === 0) {
  created = await db
    .insert(categories)
    .values(["فعاليات", "صحة", "تطوع", "شراكات"].map((name, i) => ({ name, slug: `bench-${i}` })))
    .returning({ id: categories.id });
}
const now = Date.now();
for (let start = 0; start < COUNT; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, COUNT - start) }, (_, j) => {
    const i = start + j;
    const draft = i % 20 === 0;
    return {
      title: `خبر الجمعية رقم ${i + 1}`,
      slug: `bench-post-${i + 1}`,
      content: `${PARAGRAPH}\n\n${PARAGRAPH}\n\n${PARAGRAPH}`,
      status: draft ? ("draft" as const) : ("published" as const),
      publishedAt: draft ? null : new Date(now - (i + 1) * DAY * 0.25),
      createdAt: new Date(now - (i + 1) * DAY * 0.25),
      categoryId: i % 7 === 0 ? null : (created[i % created.length]?.id ?? null),
      authorId: author?.id ?? null,
      featuredImage: i % 10 === 1 ? "/brand/association.svg" : null,
    };
  });
  await db.insert(posts).values(rows);
  const media = rows.map((row, j) => ({
    title: row.title,
    categoryId: row.categoryId,
    authorId: row.authorId,
    createdAt: new Date(row.createdAt.getTime() - j * 1000),
  }));
  await db.insert(videos).values(
    media.map((row, j) => ({
      ...row,
      youtubeId: "dQw4w9WgXcQ",
      status: (start + j) % 4 === 0 ? ("draft" as const) : ("published" as const),
    })),
  );
  await db
    .insert(images)
    .values(media.map((row) => ({ ...row, imageUrl: "/brand/association.svg" })));
}
await getDatabaseHandle().close();
console.log(`seeded ${COUNT} posts, videos and images`);
