/**
 * The two database steps of `npm run bench:busy-day` (bench/busy-day.js), each a process of its
 * own on the bench's DATA_DIR (or DATABASE_URL), while the server is not running:
 * `seed` adds STAFF admins, SUBSCRIBERS confirmed subscribers, a draft campaign to them and a published event
 * with SEATS seats, and prints their ids as one JSON line; `check` prints, as one JSON line, what
 * the run left in the database: the posts, texts and cards the staff saved, the event's
 * registrations, the volunteer answers, the campaign and its mail queue rows.
 */
import { randomBytes } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { createAccountAsSystem } from "~/models/users.server";
import { db, ensureDatabaseReady, getDatabaseHandle } from "~/utils/db.server";
import {
  contentLists,
  eventRegistrations,
  events,
  mailQueue,
  newsletterCampaigns,
  newsletterSubscribers,
  pageContent,
  posts,
  volunteers,
} from "../database/schema";

const step = process.argv[2];
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 10_000);
const SEATS = Number(process.env.SEATS ?? 150);
/** Admins `staff0@busy-day.test`… with this password (one session each: a sign-in ends another). */
const STAFF = Number(process.env.STAFF ?? 5);
const STAFF_PASSWORD = process.env.STAFF_PASSWORD ?? "Busy-day-pass-2026!x";
/** The slug of the event the burst registers for; the prefix of the staff's post slugs. */
const EVENT_SLUG = "busy-day-iftar";
const DAY = 24 * 60 * 60 * 1000;

await ensureDatabaseReady();
if (step === "seed") {
  for (let s = 0; s < STAFF; s++) {
    await createAccountAsSystem({
      fullName: `موظف يوم الزحام ${s + 1}`,
      email: `staff${s}@busy-day.test`,
      password: STAFF_PASSWORD,
      role: "admin",
    });
  }
  for (let start = 0; start < SUBSCRIBERS; start += 1000) {
    await db.insert(newsletterSubscribers).values(
      Array.from({ length: Math.min(1000, SUBSCRIBERS - start) }, (_, i) => ({
        email: `reader${start + i}@subscribers.test`,
        token: randomBytes(24).toString("base64url"),
        confirmedAt: new Date(),
      })),
    );
  }
  const [campaign] = await db
    .insert(newsletterCampaigns)
    .values({
      subject: "نشرة رمضان — جمعية رفق",
      bodyHtml:
        "<h2>رمضان في رفق</h2><p>إفطار جماعي لكبار السن وأسرهم في الدمام، وزيارات منزلية كل مساء.</p>" +
        '<ul><li>إفطار صائم</li><li>ملتقى الأجيال</li></ul><p><a href="/events">سجّل في الفعاليات</a></p>',
    })
    .returning({ id: newsletterCampaigns.id });
  const startsAt = new Date(Date.now() + 30 * DAY);
  const [event] = await db
    .insert(events)
    .values({
      slug: EVENT_SLUG,
      title: "إفطار رمضان الجماعي لكبار السن",
      description: "<p>إفطار جماعي لكبار السن وأسرهم، المقاعد محدودة.</p>",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
      place: "قاعة الجمعية، الدمام",
      capacity: SEATS,
      status: "published",
    })
    .returning({ id: events.id });
  process.stdout.write(`${JSON.stringify({ campaignId: campaign?.id, eventId: event?.id })}\n`);
} else if (step === "check") {
  const count = sql<number>`count(*)::int`;
  const [event] = await db.select().from(events).where(eq(events.slug, EVENT_SLUG));
  const registrations = event
    ? await db
        .select({
          status: eventRegistrations.status,
          rows: count,
          attendees: sql<number>`coalesce(sum(${eventRegistrations.attendees}), 0)::int`,
        })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, event.id))
        .groupBy(eventRegistrations.status)
    : [];
  const mail = await db
    .select({ status: mailQueue.status, rows: count })
    .from(mailQueue)
    .where(sql`${mailQueue.campaignId} is not null`)
    .groupBy(mailQueue.status);
  const campaigns = await db
    .select({
      status: newsletterCampaigns.status,
      recipientCount: newsletterCampaigns.recipientCount,
      finishedAt: newsletterCampaigns.finishedAt,
    })
    .from(newsletterCampaigns);
  const staffPosts = await db
    .select({ slug: posts.slug, title: posts.title })
    .from(posts)
    .where(like(posts.slug, "busy-day-%"));
  const texts = await db
    .select({ key: pageContent.contentKey, value: pageContent.contentValue })
    .from(pageContent)
    .where(and(eq(pageContent.pagePath, "/"), like(pageContent.contentValue, "%#busy-%")));
  const [principles] = await db
    .select({ items: contentLists.items })
    .from(contentLists)
    .where(and(eq(contentLists.pagePath, "/governance"), eq(contentLists.listKey, "principles")));
  const [volunteerRows] = await db
    .select({ rows: count })
    .from(volunteers)
    .where(like(volunteers.fullName, "متطوع يوم الزحام%"));
  process.stdout.write(
    `${JSON.stringify({
      event: event && { capacity: event.capacity, seatsTaken: event.seatsTaken },
      registrations,
      campaignMail: mail,
      campaigns,
      posts: staffPosts,
      texts,
      cards: (principles?.items ?? []).map((item) => ({ key: item.key, title: item.title })),
      volunteers: volunteerRows?.rows ?? 0,
    })}\n`,
  );
} else {
  throw new Error("usage: tsx bench/busy-day-data.ts seed|check");
}
await getDatabaseHandle().close();
