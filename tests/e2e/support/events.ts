import type { Database } from "~/utils/db.server";
import { events } from "../../../database/schema";
import { RACE_EVENT_SLUG, SEEDED_EVENT_SLUG } from "./fixtures";

// The events the e2e servers hold (docs/decisions/052): the seeded event's page is checked like
// every public page (accessibility, budget, layout); the small one is events.e2e.ts's own.

const DAY_MS = 24 * 60 * 60 * 1000;

export function e2eEvents(now = Date.now()) {
  const startsAt = new Date(now + 10 * DAY_MS);
  const endsAt = new Date(startsAt.getTime() + 3 * 60 * 60 * 1000);
  const common = {
    description:
      "<p>لقاء يجمع كبارنا بالشباب في أمسية من الحكايات والألعاب الشعبية.</p><ul><li>حكايات</li><li>قهوة عربية</li></ul>",
    startsAt,
    endsAt,
    place: "مقر الجمعية، حي الفيصلية، الدمام",
    mapUrl: "https://www.google.com/maps/search/?api=1&query=26.42,50.08",
    registrationOpen: true,
    status: "published" as const,
  };
  return [
    { ...common, slug: SEEDED_EVENT_SLUG, title: "ملتقى الأجيال", capacity: 60 },
    { ...common, slug: RACE_EVENT_SLUG, title: "ورشة الخط العربي", capacity: 5 },
  ];
}

/** Inserts the e2e events into a server's database (an in-process server's `db`). */
export async function insertE2eEvents(db: Database) {
  await db.insert(events).values(e2eEvents());
}
