// Adds `MANY_POSTS` (default 10,000) news posts to DATA_DIR for bench/many-posts.js: four
// categories, most published over the past years, some drafts, a featured image on every tenth;
// and as many videos (every fourth a draft) and gallery images, for the media lists. Each post's
// text is three of the demo posts' paragraphs (their plain text too, which the search reads),
// varied by city and number; the database is analyzed at the end, as a server's would be.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { categories, images, posts, users, videos } from "../database/schema";

const COUNT = Number(process.env.MANY_POSTS ?? 10_000);
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;
const PARAGRAPH =
  "نظّمت الجمعية زيارات منزلية لكبار السن في الدمام والخبر، وقدّم المتطوعون الرعاية والمؤانسة، " +
  "وشارك الفريق الطبي في فحوصات دورية وتوعية صحية للأسر، ضمن برامج الجمعية في المنطقة الشرقية.";

/** The demo posts' paragraphs (scripts/seed.ts) and a few more of the same kind. */
const PARAGRAPHS = [
  PARAGRAPH,
  "أطلقت الجمعية برنامج الزيارات المنزلية في مدينة {city}، ويقدم فيه فريق من الممرضين والأخصائيين الاجتماعيين زيارات أسبوعية لكبار السن في منازلهم.",
  "يشمل البرنامج قياس المؤشرات الحيوية، ومتابعة الأدوية، وجلسات أنس وحديث، وتدريب الأسر على الرعاية اليومية.",
  "نظمت الجمعية ملتقى الأجيال في {city} بمشاركة أكثر من {n} زائر، تبادل فيه الشباب وكبار السن الحكايات والخبرات.",
  "تضمن الملتقى ورش الخط العربي والحرف اليدوية وجلسات توعوية عن الشيخوخة النشطة.",
  "وقعت الجمعية اتفاقية شراكة مع تجمع الشرقية الصحي لتقديم الاستشارات الطبية عن بعد لمستفيديها، وتدريب المتطوعين على الإسعافات الأولية لكبار السن.",
  "تبدأ الدورة التدريبية رقم {n} للمتطوعين الأسبوع القادم في {city}، وتتناول مهارات التواصل مع كبار السن، والسلامة المنزلية، والدعم النفسي.",
  "استقبلت الجمعية تبرعات أهل الخير لدعم مؤسسة الرعاية النهارية، وخصصت جزءاً منها لتوفير الأجهزة الطبية المساعدة للمسنين.",
  "شارك أكثر من {n} متطوعاً ومتطوعة في حملة «إفطار صائم» التي نظمتها الجمعية في {city} خلال شهر رمضان المبارك.",
  "عقدت الجمعية لقاءً مع أسر المستفيدين في {city} للتعريف بخدمات الرعاية المنزلية والعلاج الطبيعي والإرشاد الأسري.",
];
const CITIES = ["الدمام", "الخبر", "الظهران", "القطيف", "الجبيل", "الأحساء", "رأس تنورة"];
/** Three paragraphs for post `i`, varied by city and number. */
const paragraphsOf = (i: number) =>
  [0, 3, 7].map((step) =>
    (PARAGRAPHS[(i * 3 + step) % PARAGRAPHS.length] ?? PARAGRAPH)
      .replaceAll("{city}", CITIES[(i + step) % CITIES.length] ?? "الدمام")
      .replaceAll("{n}", String(20 + ((i * 37) % 180))),
  );

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
      content: paragraphsOf(i)
        .map((text) => `<p>${text}</p>`)
        .join(""),
      contentText: paragraphsOf(i).join("\n\n"),
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
// PostgreSQL's autovacuum would gather the planner's statistics; PGlite runs none.
await db.execute(sql`analyze`);
await getDatabaseHandle().close();
console.log(`seeded ${COUNT} posts, videos and images`);
