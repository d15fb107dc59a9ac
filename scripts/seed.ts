// `npm run seed`: demo content for development (categories, news posts with images, videos and
// gallery images) written through the models into DATA_DIR. Never run in production; it creates no
// administrator and no password anyone knows: the first admin still comes from /setup.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { createCategory, listCategories } from "~/models/categories.server";
import { closeDatabase, prepareDatabase } from "~/models/database.server";
import {
  findAccountByEmail,
  hasAnyImage,
  hasAnyVideo,
  isPostSlugTaken,
} from "~/models/demo-content.server";
import { createEvent, isEventSlugTaken } from "~/models/events.server";
import { createImage } from "~/models/images.server";
import { createPost } from "~/models/posts.server";
import { createAccountAsSystem } from "~/models/users.server";
import { createVideo } from "~/models/videos.server";
import type { Actor } from "~/shared/roles";

const AUTHOR_EMAIL = "media-team@rifq.local";

/** A simple branded picture, so demo posts have real images without any download. */
async function demoImage(label: string, hue: number): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,32%)"/><stop offset="1" stop-color="hsl(${hue + 30},50%,55%)"/>
    </linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>
    <circle cx="980" cy="160" r="90" fill="rgba(255,255,255,0.18)"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new File([new Uint8Array(png)], `${label}.png`, { type: "image/png" });
}

async function seedAuthor(): Promise<Actor> {
  const existing = await findAccountByEmail(AUTHOR_EMAIL);
  if (existing) return { ...existing, role: "editor" };
  const { id } = await createAccountAsSystem({
    fullName: "فريق الإعلام",
    email: AUTHOR_EMAIL,
    password: randomBytes(24).toString("base64url"),
    role: "editor",
  });
  return { id, email: AUTHOR_EMAIL, fullName: "فريق الإعلام", role: "editor" };
}

async function seedCategories(author: Actor) {
  const wanted = [
    { name: "أخبار الجمعية", slug: "news" },
    { name: "فعاليات", slug: "events" },
    { name: "برامج", slug: "programs" },
  ];
  const existing = await listCategories();
  for (const category of wanted) {
    if (!existing.some((row) => row.slug === category.slug)) await createCategory(author, category);
  }
  return Object.fromEntries((await listCategories()).map((row) => [row.slug, row.id]));
}

const POSTS = [
  {
    title: "إطلاق برنامج الزيارات المنزلية لكبار السن في الدمام",
    slug: "home-visits-dammam",
    category: "programs",
    hue: 165,
    excerpt: "فريق من الممرضين والأخصائيين الاجتماعيين يزور كبار السن في منازلهم أسبوعياً.",
    content:
      "أطلقت الجمعية برنامج الزيارات المنزلية في مدينة الدمام، ويقدم فيه فريق من الممرضين والأخصائيين الاجتماعيين زيارات أسبوعية لكبار السن في منازلهم.\n\nيشمل البرنامج قياس المؤشرات الحيوية، ومتابعة الأدوية، وجلسات أنس وحديث، وتدريب الأسر على الرعاية اليومية.",
  },
  {
    title: "ملتقى الأجيال: يوم مفتوح يجمع الشباب بكبار السن",
    slug: "generations-open-day",
    category: "events",
    hue: 30,
    excerpt: null,
    content:
      "نظمت الجمعية ملتقى الأجيال في الخبر بمشاركة أكثر من مئتي زائر، تبادل فيه الشباب وكبار السن الحكايات والخبرات.\n\nتضمن الملتقى ورش الخط العربي والحرف اليدوية وجلسات توعوية عن الشيخوخة النشطة.",
  },
  {
    title: "توقيع اتفاقية شراكة مع تجمع الشرقية الصحي",
    slug: "health-cluster-partnership",
    category: "news",
    hue: 200,
    excerpt: "شراكة لتقديم الاستشارات الطبية عن بعد لمستفيدي الجمعية.",
    content:
      "وقعت الجمعية اتفاقية شراكة مع تجمع الشرقية الصحي لتقديم الاستشارات الطبية عن بعد لمستفيديها، وتدريب المتطوعين على الإسعافات الأولية لكبار السن.",
  },
  {
    title: "دورة تدريبية للمتطوعين في رعاية كبار السن",
    slug: "volunteer-training",
    category: "programs",
    hue: null,
    excerpt: null,
    content:
      "تبدأ الدورة التدريبية الأولى للمتطوعين الأسبوع القادم، وتتناول مهارات التواصل مع كبار السن، والسلامة المنزلية، والدعم النفسي.",
  },
  {
    title: "مسودة: خطة الأنشطة الرمضانية",
    slug: "ramadan-activities-draft",
    category: "events",
    hue: null,
    excerpt: null,
    content: "مسودة داخلية لم تُنشر بعد.",
    draft: true,
  },
] as const;

async function seedPosts(author: Actor, categoryIds: Record<string, string>) {
  for (const post of POSTS) {
    if (await isPostSlugTaken(post.slug)) continue;
    const image = post.hue === null ? null : await demoImage(post.slug, post.hue);
    await createPost(
      author,
      {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        categoryId: categoryIds[post.category] ?? null,
        status: "draft" in post ? "draft" : "published",
      },
      image,
    );
  }
}

const VIDEOS = [
  { title: "جولة في مركز الرعاية النهارية", youtubeId: "rifqDemo001", category: "programs" },
  { title: "ملتقى الأجيال في الخبر", youtubeId: "rifqDemo002", category: "events" },
];

const IMAGES = [
  {
    title: "ورشة الخط العربي",
    description: "كبار السن يتعلمون الخط العربي في ملتقى الأجيال",
    category: "events",
    hue: 40,
  },
  {
    title: "جلسة العلاج بالموسيقى",
    description: "جلسة أسبوعية للعلاج بالموسيقى في مركز الدمام",
    category: "programs",
    hue: 280,
  },
];

async function seedMedia(author: Actor, categoryIds: Record<string, string>) {
  if (!(await hasAnyVideo())) {
    for (const video of VIDEOS) {
      await createVideo(author, {
        title: video.title,
        description: null,
        youtubeId: video.youtubeId,
        categoryId: categoryIds[video.category] ?? null,
        status: "published",
      });
    }
  }
  if (!(await hasAnyImage())) {
    for (const image of IMAGES) {
      await createImage(
        author,
        {
          title: image.title,
          description: image.description,
          categoryId: categoryIds[image.category] ?? null,
        },
        await demoImage(image.title, image.hue),
      );
    }
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Demo events (docs/decisions/052): two coming, one past; `inDays` from the seed's run, 9:00 Riyadh. */
const EVENTS = [
  {
    slug: "multaqa-al-ajyal",
    title: "ملتقى الأجيال",
    description:
      "<p>لقاء يجمع كبارنا بالشباب في أمسية من الحكايات والألعاب الشعبية والقهوة العربية.</p><ul><li>حكايات من الزمن الجميل</li><li>ألعاب شعبية</li><li>ركن للتصوير مع العائلة</li></ul>",
    place: "مقر الجمعية، حي الفيصلية، الدمام",
    mapUrl: "https://www.google.com/maps/search/?api=1&query=26.4207,50.0888",
    capacity: 60,
    inDays: 10,
    hours: 3,
    hue: 30,
  },
  {
    slug: "health-day-khobar",
    title: "يوم صحي مفتوح",
    description:
      "<p>فحوص مجانية للضغط والسكر والنظر، واستشارات في التغذية والعلاج الطبيعي لكبار السن ومرافقيهم.</p>",
    place: "واجهة الخبر البحرية، الخبر",
    mapUrl: null,
    capacity: 120,
    inDays: 24,
    hours: 5,
    hue: 170,
  },
  {
    slug: "eid-visits",
    title: "زيارات العيد",
    description: "<p>زار متطوعو الجمعية كبار السن في بيوتهم ودور الرعاية بالهدايا والمعايدة.</p>",
    place: "الدمام والخبر والقطيف",
    mapUrl: null,
    capacity: 40,
    inDays: -30,
    hours: 6,
    hue: 90,
  },
] as const;

async function seedEvents(author: Actor) {
  const today = new Date();
  today.setUTCHours(6, 0, 0, 0); // 9:00 in Riyadh
  for (const event of EVENTS) {
    if (await isEventSlugTaken(event.slug)) continue;
    const startsAt = new Date(today.getTime() + event.inDays * DAY_MS);
    await createEvent(
      author,
      {
        title: event.title,
        slug: event.slug,
        description: event.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + event.hours * 60 * 60 * 1000),
        place: event.place,
        mapUrl: event.mapUrl,
        capacity: event.capacity,
        registrationOpen: event.inDays > 0,
        status: "published",
      },
      await demoImage(event.slug, event.hue),
    );
  }
}

/** Adds what is missing of the demo content; running it twice changes nothing. */
export async function seedDemoContent() {
  await prepareDatabase();
  const author = await seedAuthor();
  const categoryIds = await seedCategories(author);
  await seedPosts(author, categoryIds);
  await seedMedia(author, categoryIds);
  await seedEvents(author);
}

if (process.argv[1]?.endsWith("seed.ts")) {
  await seedDemoContent();
  await closeDatabase();
  console.log("Demo content is in place. Start the site with npm start (first visit: /setup).");
}
