import { randomUUID } from "node:crypto";
import { count, gte, or } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { registerForEvent } from "~/models/event-registrations.server";
import { createEvent, type EventInput } from "~/models/events.server";
import { eventFormSchema } from "~/routes/admin/events/event-schema";
import { action as formAction } from "~/routes/admin/events/form";
import { action as listAction } from "~/routes/admin/events/list";
import { action as registrationsAction } from "~/routes/admin/events/registrations";
import { action as eventAction } from "~/routes/site/event";
import { action as cancelAction } from "~/routes/site/event-registration";
import { eventRegistrationSchema } from "~/routes/site/event-registration-schema";
import { toRiyadhInput } from "~/shared/dates";
import { db } from "~/utils/db.server";
import { registrationToken } from "~/utils/registration-token.server";
import { eventRegistrations, events } from "../../database/schema";
import { createUser, markTwoFactorOn, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

// Events (docs/decisions/052): the staff forms and buttons and the public registration and
// cancel forms never answer 500, refuse in Arabic and write nothing they refuse.

let editor: TestUser;
let admin: TestUser;
let editedId: string;
let published: { id: string; slug: string };
let draftSlug: string;
const registrationIds: string[] = [];

const input = (title: string, status: EventInput["status"]): EventInput => ({
  title,
  slug: `fuzz-${randomUUID().slice(0, 8)}`,
  description: "<p>وصف</p>",
  startsAt: new Date(Date.now() + 5 * 86_400_000),
  endsAt: new Date(Date.now() + 5 * 86_400_000 + 3_600_000),
  place: "الدمام",
  mapUrl: null,
  capacity: 10_000,
  registrationOpen: true,
  status,
});

beforeAll(async () => {
  editor = await createUser("editor");
  admin = await markTwoFactorOn(await createUser("admin"));
  editedId = (await createEvent(editor, input("فعالية تُعدَّل", "draft"))).id;
  published = await createEvent(editor, input("فعالية منشورة", "published"));
  draftSlug = (await createEvent(editor, input("مسودة", "draft"))).slug;
  for (let index = 0; index < 10; index++) {
    const registered = await registerForEvent(published.id, {
      fullName: `مسجّل ${index}`,
      phone: `+96650000000${index}`,
      attendees: 1,
    });
    if (!registered) throw new Error(`registration ${index} was not kept`);
    registrationIds.push(registered.registration.id);
  }
});

const counts = async () => ({
  events: (await db.select({ total: count() }).from(events))[0].total,
  registrations: (await db.select({ total: count() }).from(eventRegistrations))[0].total,
});

const soon = toRiyadhInput(new Date(Date.now() + 86_400_000));
const later = toRiyadhInput(new Date(Date.now() + 90_000_000));

/** Every event written since `since` still passes the form's schema. */
async function expectValidEvents(since: Date) {
  const written = await db
    .select()
    .from(events)
    .where(or(gte(events.updatedAt, since), gte(events.createdAt, since)));
  for (const row of written) {
    for (const text of [row.title, row.place, row.slug, row.mapUrl])
      expectStorableText(text, "an event");
    const parsed = eventFormSchema.safeParse({
      title: row.title,
      slug: row.slug,
      description: row.description,
      startsAt: toRiyadhInput(row.startsAt),
      endsAt: toRiyadhInput(row.endsAt),
      place: row.place,
      mapUrl: row.mapUrl ?? undefined,
      capacity: row.capacity,
      registrationOpen: row.registrationOpen,
      status: row.status,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
  }
}

describe("fuzzing the events' actions", () => {
  test(
    "the event form (new and edit) never crashes and writes nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: fc
          .constantFrom(undefined, editedId, randomUUID(), "x")
          .map((id) =>
            id
              ? { path: `/admin/dashboard/events/${id}/edit`, params: { id } }
              : { path: "/admin/dashboard/events/new" },
          ),
        plausible: {
          title: arabicText(1, 80),
          slug: fc.constantFrom("", "يوم-صحي", "registration", "health-day"),
          description: fc.constantFrom("<p>وصف</p>", "<script>x</script>", "نص عادي", ""),
          startsAt: fc.constantFrom(soon, later, "2027-13-40T25:00", ""),
          endsAt: fc.constantFrom(later, soon, "غداً", ""),
          place: arabicText(0, 60),
          mapUrl: fc.constantFrom(
            "",
            "https://maps.example.com/x",
            "javascript:alert(1)",
            "http://a.b",
          ),
          capacity: fc.constantFrom("1", "40", "0", "-3", "1e9", "٣٠", "x"),
          registrationOpen: fc.constantFrom("on", "", "yes"),
          status: fc.constantFrom("draft", "published", "archived", ""),
        },
        state: counts,
        expectValid: expectValidEvents,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's publish and delete buttons never crash",
    () =>
      fuzzAction({
        action: listAction,
        user: editor,
        target: { path: "/admin/dashboard/events" },
        plausible: {
          intent: fc.constantFrom("publish-toggle", "delete", ""),
          id: fc.constantFrom(randomUUID(), "1", ""),
        },
        state: counts,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the registrations' attendance and delete buttons never crash",
    () =>
      fuzzAction({
        action: registrationsAction,
        user: fc.constantFrom(editor, admin),
        target: {
          path: `/admin/dashboard/events/${published.id}/registrations`,
          params: { id: published.id },
        },
        plausible: {
          intent: fc.constantFrom("attendance", "delete", "x"),
          id: fc.constantFrom(...registrationIds, randomUUID(), "1"),
          attended: fc.constantFrom("yes", "no", "maybe"),
        },
        state: async () => (await counts()).events,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the public registration form never crashes and keeps nothing it refuses",
    () =>
      fuzzAction({
        action: eventAction,
        user: null,
        target: fc
          .constantFrom(published.slug, published.slug, draftSlug, "no-such-event")
          .map((slug) => ({ path: `/events/${slug}`, params: { slug } })),
        plausible: {
          fullName: arabicText(0, 60),
          phone: fc.constantFrom("0501234567", "٠٥٠١٢٣٤٥٦٧", "+966 50 123 4567", "12345", ""),
          email: fc.constantFrom("", "a@example.test", "not-an-email"),
          attendees: fc.constantFrom("1", "3", "10", "11", "0", "-1", "x", ""),
        },
        state: counts,
        expectValid: async (since) => {
          const rows = await db
            .select()
            .from(eventRegistrations)
            .where(gte(eventRegistrations.createdAt, since));
          for (const row of rows) {
            expectStorableText(row.fullName, "a registration");
            const parsed = eventRegistrationSchema.safeParse({
              fullName: row.fullName,
              phone: row.phone,
              email: row.email ?? undefined,
              attendees: row.attendees,
            });
            expect(parsed.error?.issues ?? []).toEqual([]);
          }
        },
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the cancel form never crashes",
    () =>
      fuzzAction({
        action: cancelAction,
        user: null,
        target: { path: "/events/registration" },
        plausible: {
          token: fc.constantFrom(
            registrationToken(randomUUID()),
            `${randomUUID()}.forged`,
            "",
            "a.b.c",
            registrationToken("x"),
          ),
        },
        state: counts,
      }),
    FUZZ_TIMEOUT,
  );
});
