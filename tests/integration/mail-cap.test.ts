import { eq, like } from "drizzle-orm";
import { expect, test } from "vitest";
import { createEvent } from "~/models/events.server";
import {
  consumeMailToAddress,
  consumeRateLimit,
  MAILS_PER_ADDRESS_PER_DAY,
} from "~/models/rate-limits.server";
import { action as loginAction } from "~/routes/auth/login";
import * as eventRoute from "~/routes/site/event";
import * as newsRoute from "~/routes/site/news";
import { db } from "~/utils/db.server";
import { eventRegistrations, newsletterSubscribers, rateLimits } from "../../database/schema";
import { createUser } from "../support/accounts";
import { postFrom, withRateLimits } from "../support/outreach";
import { call, dataOf, headersOf, readOutbox, statusOf } from "../support/route-calls";

// One address named in every public form by twelve clients gets at most three e-mails a day,
// and every visitor is answered as when the mail went (docs/decisions/066).

const HOUR = 60 * 60 * 1000;
const VICTIM = "victim@example.test";

test("six newsletter sign-ups and six event registrations naming one address, from twelve clients: three mails, the same answers, only a hash stored", async () => {
  const editor = await createUser("editor");
  const startsAt = new Date(Date.now() + 72 * HOUR);
  const event = await createEvent(editor, {
    title: "يوم صحي مفتوح",
    slug: `mail-cap-${Date.now().toString(36)}`,
    description: "<p>فحوص مجانية.</p>",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * HOUR),
    place: "مقر الجمعية، الدمام",
    mapUrl: null,
    capacity: 50,
    registrationOpen: true,
    status: "published",
  });
  const answers: string[] = [];
  await withRateLimits(async () => {
    for (let i = 1; i <= 6; i++) {
      const signUp = await call(
        newsRoute.action,
        postFrom(`198.51.100.${i}`, "/media/news", { email: VICTIM }),
      );
      expect(statusOf(signUp)).toBe(302);
      answers.push(headersOf(signUp).get("location") ?? "");
    }
    for (let i = 1; i <= 6; i++) {
      const registered = await call(
        eventRoute.action,
        postFrom(`198.51.100.${100 + i}`, `/events/${event.slug}`, {
          fullName: `زائر ${i}`,
          phone: `05512300${String(i).padStart(2, "0")}`,
          email: VICTIM,
          attendees: "1",
        }),
        { slug: event.slug },
      );
      expect(statusOf(registered)).toBe(302);
      expect(headersOf(registered).get("location")).toMatch(/^\/events\/registration\?token=/);
    }
  });
  // Every sign-up got the answer the first one got.
  expect(new Set(answers).size).toBe(1);
  // The forms kept what was sent: one subscription, six registrations.
  expect(await db.$count(newsletterSubscribers, eq(newsletterSubscribers.email, VICTIM))).toBe(1);
  expect(await db.$count(eventRegistrations, eq(eventRegistrations.eventId, event.id))).toBe(6);
  const mails = readOutbox().filter((mail) => mail.to === VICTIM);
  expect(mails).toHaveLength(MAILS_PER_ADDRESS_PER_DAY);
  expect(MAILS_PER_ADDRESS_PER_DAY).toBe(3);
  expect(mails.map((mail) => mail.subject)).toEqual(Array(3).fill("أكّد اشتراكك في نشرة جمعية رفق"));
  // The count is kept under a hash: the address is in no rate-limit row.
  const keys = (await db.select().from(rateLimits).where(like(rateLimits.key, "rifq:day|%"))).map(
    (row) => row.key,
  );
  expect(keys).toHaveLength(1);
  expect(keys[0]).not.toMatch(/victim|example/i);
});

test("the password reset counts with the public forms: after three mails the same answer, no fourth mail", async () => {
  await createUser("admin"); // the site is set up: the sign-in screen answers
  const viewer = await createUser("viewer");
  await withRateLimits(async () => {
    for (let i = 1; i <= 3; i++) {
      await call(
        newsRoute.action,
        postFrom(`198.51.100.${200 + i}`, "/media/news", { email: viewer.email }),
      );
    }
    const reset = await call(
      loginAction,
      postFrom("198.51.100.210", "/auth", { intent: "forgot-password", email: viewer.email }),
    );
    expect(JSON.stringify(dataOf(reset))).toContain("إن كان هذا البريد مسجلاً لدينا");
  });
  const mails = readOutbox().filter((mail) => mail.to === viewer.email);
  expect(mails).toHaveLength(3);
  expect(mails.every((mail) => mail.subject === "أكّد اشتراكك في نشرة جمعية رفق")).toBe(true);
});

test("the day's count outlives the hourly pruning of other limits, and a new day starts afresh", async () => {
  const t0 = Date.now() + 10 * 24 * HOUR;
  await withRateLimits(async () => {
    for (let i = 0; i < 3; i++)
      expect(await consumeMailToAddress("day@example.test", t0)).toBe(true);
    // Two hours on: the pruning of idle keys runs, and the address's count is still there.
    await consumeRateLimit(
      "another-form|ip|198.51.100.250",
      { max: 5, window: 600 },
      t0 + 2 * HOUR,
    );
    expect(await consumeMailToAddress("day@example.test", t0 + 2 * HOUR)).toBe(false);
    expect(await consumeMailToAddress("day@example.test", t0 + 25 * HOUR)).toBe(true);
  });
});
