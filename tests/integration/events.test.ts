import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  cancelRegistrationByToken,
  EVENT_STARTED,
  REGISTRATION_CLOSED,
  registerForEvent,
} from "~/models/event-registrations.server";
import { sendDueEventReminders } from "~/models/event-reminders.server";
import { createEvent, EVENT_HAS_REGISTRATIONS, type EventInput } from "~/models/events.server";
import { ENDS_BEFORE_START } from "~/routes/admin/events/event-schema";
import * as staffForm from "~/routes/admin/events/form";
import * as staffList from "~/routes/admin/events/list";
import * as registrationsRoute from "~/routes/admin/events/registrations";
import * as exportRoute from "~/routes/admin/events/registrations-export";
import * as calendarRoute from "~/routes/resources/event-calendar";
import * as eventRoute from "~/routes/site/event";
import * as registrationPage from "~/routes/site/event-registration";
import { ATTENDEES_INVALID } from "~/routes/site/event-registration-schema";
import * as eventsRoute from "~/routes/site/events";
import { runMailQueueOnce } from "~/services/mail-delivery.server";
import { PHONE_INVALID } from "~/shared/outreach-fields";
import { db } from "~/utils/db.server";
import { eventRegistrations, events, mailQueue } from "../../database/schema";
import { applyOutreachRetention } from "../../server/jobs/outreach-retention";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { postFrom } from "../support/outreach";
import {
  call,
  dataOf,
  headersOf,
  load,
  readOutbox,
  replyErrorsOf,
  statusOf,
} from "../support/route-calls";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let editor: TestUser;
let admin: TestUser;
let viewer: TestUser;
let counter = 0;

beforeAll(async () => {
  [editor, admin, viewer] = await Promise.all([
    createUser("editor"),
    createUser("admin"),
    createUser("viewer"),
  ]);
});

/** A published event starting `inMs` from now (3 days by default). */
async function newEvent(overrides: Partial<EventInput> = {}, inMs = 3 * DAY) {
  const startsAt = new Date(Date.now() + inMs);
  const input: EventInput = {
    title: `ملتقى الأجيال ${++counter}`,
    slug: `multaqa-${counter}-${Date.now().toString(36)}`,
    description: "<p>لقاء يجمع كبارنا بالشباب.</p>",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * HOUR),
    place: "مقر الجمعية، الدمام",
    mapUrl: null,
    capacity: 10,
    registrationOpen: true,
    status: "published",
    ...overrides,
  };
  const created = await createEvent(editor, input);
  return { ...input, id: created.id };
}

let client = 0;
const nextClient = () => `203.0.113.${++client % 250}`;
const PERSON = {
  fullName: "سارة العتيبي",
  phone: "٠٥٠ ١٢٣ ٤٥٦٧",
  email: "Sara@Example.test",
  attendees: "1",
};

/** A mobile number of its own (one registration per number and event, decision 062). */
const mobileNumber = (n: number) => `050${String(n).padStart(7, "0")}`;

const register = (slug: string, form: Record<string, string> = PERSON) =>
  call(eventRoute.action, postFrom(nextClient(), `/events/${slug}`, form), { slug });

const tokenOf = (result: unknown) => {
  const location = headersOf(result).get("location") ?? "";
  return new URL(location, "http://x").searchParams.get("token") ?? "";
};

const registrationsOf = (eventId: string) =>
  db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
const eventRow = async (id: string) => (await db.select().from(events).where(eq(events.id, id)))[0];
const mailsTo = (to: string) => readOutbox().filter((mail) => mail.to === to);

describe("staff create and publish events", () => {
  test("an editor creates a draft (sanitized description, Riyadh times); signed out it is not found until published", async () => {
    const result = await call(
      staffForm.action,
      requestAs(editor, "/admin/dashboard/events/new", {
        form: {
          title: "يوم صحي مفتوح",
          slug: "health-day",
          description: '<p>فحوص مجانية</p><script>alert(1)</script><img src=x onerror="alert(1)">',
          startsAt: "2027-03-10T09:30",
          endsAt: "2027-03-10T12:00",
          place: "حديقة الملك فهد، الدمام",
          mapUrl: "https://maps.example.com/?q=26.4,50.1",
          capacity: "40",
          registrationOpen: "on",
          status: "draft",
        },
      }),
    );
    expect(statusOf(result)).toBe(302);
    const [row] = await db.select().from(events).where(eq(events.slug, "health-day"));
    expect(row).toMatchObject({
      title: "يوم صحي مفتوح",
      capacity: 40,
      status: "draft",
      registrationOpen: true,
    });
    expect(row.startsAt.toISOString()).toBe("2027-03-10T06:30:00.000Z");
    expect(row.description).toContain("فحوص مجانية");
    expect(row.description).not.toMatch(/script|onerror/);

    expect(
      statusOf(
        await call(eventRoute.loader, requestAs(null, "/events/health-day"), {
          slug: "health-day",
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        await call(calendarRoute.loader, requestAs(null, "/events/health-day/calendar.ics"), {
          slug: "health-day",
        }),
      ),
    ).toBe(404);
    const before = dataOf<{ events: { slug: string }[] }>(
      await load(eventsRoute.loader, requestAs(null, "/events")),
    );
    expect(before.events.map((event) => event.slug)).not.toContain("health-day");

    const toggled = await call(
      staffList.action,
      requestAs(editor, "/admin/dashboard/events", {
        form: { intent: "publish-toggle", id: row.id },
      }),
    );
    expect(statusOf(toggled)).toBe(200);
    const page = await load(eventRoute.loader, requestAs(null, "/events/health-day"), {
      slug: "health-day",
    });
    expect(page.event.title).toBe("يوم صحي مفتوح");
    expect(page.event.seatsTaken).toBe(0);
  });

  test("bad input is refused in Arabic beside its field, nothing stored", async () => {
    const result = await call(
      staffForm.action,
      requestAs(editor, "/admin/dashboard/events/new", {
        form: {
          title: "",
          slug: "bad",
          description: "<script>x</script>",
          startsAt: "2027-03-10T12:00",
          endsAt: "2027-03-10T09:00",
          place: "الدمام",
          mapUrl: "javascript:alert(1)",
          capacity: "0",
          status: "published",
        },
      }),
    );
    expect(statusOf(result)).toBe(400);
    const errors = replyErrorsOf(result);
    expect(errors.title).toEqual(["عنوان الفعالية مطلوب"]);
    expect(errors.mapUrl?.[0]).toContain("رابط الخريطة غير صالح");
    expect(errors.capacity?.[0]).toContain("السعة عدد صحيح");
    expect(await db.select().from(events).where(eq(events.slug, "bad"))).toEqual([]);
    const backwards = await call(
      staffForm.action,
      requestAs(editor, "/admin/dashboard/events/new", {
        form: {
          title: "فعالية",
          slug: "backwards",
          description: "<p>وصف</p>",
          startsAt: "2027-03-10T12:00",
          endsAt: "2027-03-10T09:00",
          place: "الدمام",
          capacity: "5",
        },
      }),
    );
    expect(replyErrorsOf(backwards).endsAt).toEqual([ENDS_BEFORE_START]);
    const reserved = await call(
      staffForm.action,
      requestAs(editor, "/admin/dashboard/events/new", {
        form: {
          title: "x",
          slug: "registration",
          description: "<p>x</p>",
          startsAt: "2027-03-10T09:00",
          endsAt: "2027-03-10T10:00",
          place: "x",
          capacity: "5",
        },
      }),
    );
    expect(replyErrorsOf(reserved).slug).toEqual(["هذا الرابط محجوز، اختر رابطاً آخر"]);
    expect(await db.select().from(events).where(eq(events.slug, "backwards"))).toEqual([]);
  });

  test("upcoming events come first (soonest first), past ones after", async () => {
    const past = await newEvent({ title: "فعالية مضت" }, -10 * DAY);
    const later = await newEvent({ title: "بعد أسبوعين" }, 14 * DAY);
    const sooner = await newEvent({ title: "غداً" }, 1 * DAY);
    const { events: listed } = await load(eventsRoute.loader, requestAs(null, "/events"));
    const order = listed
      .map((event) => event.id)
      .filter((id) => [past.id, later.id, sooner.id].includes(id));
    expect(order).toEqual([sooner.id, later.id, past.id]);
    expect(listed.find((event) => event.id === past.id)?.upcoming).toBe(false);
  });
});

describe("registering", () => {
  test("a visitor registers: seats taken, the confirmation page, and a confirmation e-mail", async () => {
    const event = await newEvent({ capacity: 5 });
    const result = await register(event.slug, { ...PERSON, attendees: "3" });
    expect(statusOf(result)).toBe(302);
    const [row] = await registrationsOf(event.id);
    expect(row).toMatchObject({
      fullName: "سارة العتيبي",
      phone: "+966501234567",
      email: "sara@example.test",
      attendees: 3,
      status: "confirmed",
    });
    expect((await eventRow(event.id)).seatsTaken).toBe(3);

    const token = tokenOf(result);
    const page = await load(
      registrationPage.loader,
      requestAs(null, `/events/registration?token=${encodeURIComponent(token)}`),
    );
    expect(page.registration).toMatchObject({
      status: "confirmed",
      attendees: 3,
      firstName: "سارة",
    });
    const [mail] = mailsTo("sara@example.test").slice(-1);
    expect(mail.subject).toBe(`تأكيد تسجيلك في «${event.title}» — جمعية رفق`);
    expect(mail.text).toContain(`/events/registration?token=${encodeURIComponent(token)}`);
    expect(mail.text).toContain(`/events/${event.slug}/calendar.ics`);
    // The address is not confirmed: what the visitor typed stays out of it.
    expect(mail.text).not.toContain("سارة");

    const public1 = await load(eventRoute.loader, requestAs(null, `/events/${event.slug}`), {
      slug: event.slug,
    });
    expect(public1.event.capacity - public1.event.seatsTaken).toBe(2);
  });

  test("when the seats do not suffice, the registration waits", async () => {
    const event = await newEvent({ capacity: 2 });
    await register(event.slug, { ...PERSON, email: "a@example.test", attendees: "2" });
    const waiting = await register(event.slug, {
      ...PERSON,
      phone: mobileNumber(2),
      email: "b@example.test",
    });
    const page = await load(
      registrationPage.loader,
      requestAs(null, `/events/registration?token=${encodeURIComponent(tokenOf(waiting))}`),
    );
    expect(page.registration.status).toBe("waiting");
    expect(mailsTo("b@example.test").at(-1)?.subject).toContain("قائمة انتظار");
    expect((await eventRow(event.id)).seatsTaken).toBe(2);
  });

  test("racing for the last seat: exactly one gets it, the others wait", async () => {
    const event = await newEvent({ capacity: 1 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        register(event.slug, {
          ...PERSON,
          phone: mobileNumber(index),
          email: `race${index}@example.test`,
        }),
      ),
    );
    expect(results.map(statusOf)).toEqual([302, 302, 302, 302, 302, 302]);
    const rows = await registrationsOf(event.id);
    expect(rows.filter((row) => row.status === "confirmed")).toHaveLength(1);
    expect(rows.filter((row) => row.status === "waiting")).toHaveLength(5);
    expect((await eventRow(event.id)).seatsTaken).toBe(1);
  });

  test("bad input, a closed or started event: Arabic messages, nothing stored", async () => {
    const event = await newEvent({ capacity: 3 });
    const bad = await register(event.slug, {
      fullName: "",
      phone: "12345",
      email: "x",
      attendees: "11",
    });
    expect(statusOf(bad)).toBe(400);
    const errors = replyErrorsOf(bad);
    expect(errors.fullName).toEqual(["الاسم الكامل مطلوب"]);
    expect(errors.phone).toEqual([PHONE_INVALID]);
    expect(errors.email).toEqual(["البريد الإلكتروني غير صحيح"]);
    expect(errors.attendees).toEqual([ATTENDEES_INVALID]);
    expect(
      replyErrorsOf(await register(event.slug, { ...PERSON, attendees: "0" })).attendees,
    ).toEqual([ATTENDEES_INVALID]);
    const tooMany = await register(event.slug, { ...PERSON, attendees: "4" });
    expect(statusOf(tooMany)).toBe(400);
    expect(replyErrorsOf(tooMany).attendees?.[0]).toContain("عدد المقاعد كلها 3");

    const closed = await newEvent({ registrationOpen: false });
    const refused = await register(closed.slug);
    expect(statusOf(refused)).toBe(409);
    expect(replyErrorsOf(refused)[""]).toEqual([REGISTRATION_CLOSED]);
    const started = await newEvent({}, -HOUR);
    expect(replyErrorsOf(await register(started.slug))[""]).toEqual([EVENT_STARTED]);
    const draft = await newEvent({ status: "draft" });
    expect(statusOf(await register(draft.slug))).toBe(404);
    for (const id of [event.id, closed.id, started.id, draft.id])
      expect(await registrationsOf(id)).toEqual([]);
  });
});

describe("one registration per mobile number", () => {
  test("the same number again is answered as a sent form (no 409, nothing said of the number), nothing kept, the link mailed to the stored address only", async () => {
    const event = await newEvent({ capacity: 5 });
    const first = await register(event.slug, { ...PERSON, attendees: "2" });
    expect(statusOf(first)).toBe(302);
    // The same number written another way, another name and another address.
    const again = await register(event.slug, {
      fullName: "شخص آخر",
      phone: "+966 50 123 4567",
      email: "intruder@example.test",
      attendees: "1",
    });
    // As the honeypot is answered: a redirect to the event's page saying the request arrived.
    expect(statusOf(again)).toBe(302);
    const sentPage = headersOf(again).get("location") ?? "";
    expect(sentPage).toBe(`/events/${event.slug}?sent=1`);
    const honeypot = await register(event.slug, { ...PERSON, website: "http://spam.example" });
    expect(headersOf(honeypot).get("location")).toBe(sentPage);
    const page = await load(eventRoute.loader, new Request(`http://localhost:3000${sentPage}`), {
      slug: event.slug,
    });
    expect(page).toMatchObject({ sent: true });
    expect(eventRoute.REQUEST_RECEIVED).toContain("وصلنا طلب تسجيلك");
    const rows = await registrationsOf(event.id);
    expect(rows.map((row) => row.fullName)).toEqual(["سارة العتيبي"]);
    expect((await eventRow(event.id)).seatsTaken).toBe(2);

    await runMailQueueOnce({ ratePerMinute: 1000 });
    const link = mailsTo("sara@example.test").at(-1);
    expect(link?.subject).toBe(`رابط تسجيلك في «${event.title}» — جمعية رفق`);
    expect(link?.text).toContain(
      `/events/registration?token=${encodeURIComponent(tokenOf(first))}`,
    );
    expect(mailsTo("intruder@example.test")).toEqual([]);

    // Typed again the same day: the same answer, but no second message fills the inbox.
    const third = await register(event.slug, { ...PERSON, email: "" });
    expect(headersOf(third).get("location")).toBe(sentPage);
    const queued = await db
      .select()
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, `event-link:${rows[0].id}:%`));
    expect(queued).toHaveLength(1);
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });

  test("a waiting registration counts; a cancelled one does not block registering again; another event is another matter", async () => {
    const event = await newEvent({ capacity: 1 });
    await registerForEvent(event.id, { fullName: "أ", phone: "+966500000101", attendees: 1 });
    const waiting = await registerForEvent(event.id, {
      fullName: "ب",
      phone: "+966500000102",
      attendees: 1,
    });
    expect(waiting?.registration.status).toBe("waiting");
    const repeated = await registerForEvent(event.id, {
      fullName: "ب",
      phone: "+966500000102",
      attendees: 1,
    });
    expect(repeated).toBeNull();
    expect(await registrationsOf(event.id)).toHaveLength(2);

    await cancelRegistrationByToken(waiting?.token ?? "");
    const back = await registerForEvent(event.id, {
      fullName: "ب",
      phone: "+966500000102",
      attendees: 1,
    });
    expect(back?.registration.status).toBe("waiting");
    const statuses = (await registrationsOf(event.id))
      .filter((row) => row.phone === "+966500000102")
      .map((row) => row.status)
      .sort();
    expect(statuses).toEqual(["cancelled", "waiting"]);

    const other = await newEvent();
    const elsewhere = await registerForEvent(other.id, {
      fullName: "ب",
      phone: "+966500000102",
      attendees: 1,
    });
    expect(elsewhere?.registration.status).toBe("confirmed");
  });

  test("two requests with one number at once: exactly one registration, its seats counted once", async () => {
    const event = await newEvent({ capacity: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 2 }, (_, index) =>
        registerForEvent(event.id, {
          fullName: `متسابق ${index}`,
          phone: "+966500000200",
          attendees: 3,
        }),
      ),
    );
    // Neither is refused (that would tell the number is registered): one kept, the other null.
    const kept = results.map((result) => (result.status === "fulfilled" ? result.value : "failed"));
    expect(kept.filter((value) => value === null)).toHaveLength(1);
    expect(kept.filter((value) => value && value !== "failed")).toHaveLength(1);
    expect(await registrationsOf(event.id)).toHaveLength(1);
    expect((await eventRow(event.id)).seatsTaken).toBe(3);
  });

  test("the database itself refuses a second active row for a number (the partial unique index)", async () => {
    const event = await newEvent();
    await registerForEvent(event.id, { fullName: "أ", phone: "+966500000300", attendees: 1 });
    const row = { eventId: event.id, fullName: "ب", phone: "+966500000300", attendees: 1 };
    await expect(
      db.insert(eventRegistrations).values({ ...row, status: "waiting" }),
    ).rejects.toThrow();
    await db.insert(eventRegistrations).values({ ...row, status: "cancelled" });
    await db.insert(eventRegistrations).values({ ...row, status: "cancelled" });
    expect(await registrationsOf(event.id)).toHaveLength(3);
  });
});

describe("cancelling", () => {
  test("the cancel link frees the seats and promotes the waiting list, who hear it by e-mail", async () => {
    const event = await newEvent({ capacity: 3 });
    const first = await register(event.slug, {
      ...PERSON,
      email: "first@example.test",
      attendees: "3",
    });
    await register(event.slug, {
      ...PERSON,
      phone: mobileNumber(2),
      email: "big@example.test",
      attendees: "3",
    });
    await register(event.slug, {
      ...PERSON,
      phone: mobileNumber(3),
      email: "second@example.test",
      attendees: "2",
    });
    const token = tokenOf(first);
    const cancelled = await call(
      registrationPage.action,
      postFrom(nextClient(), "/events/registration", { token }),
    );
    expect(statusOf(cancelled)).toBe(302);
    const rows = await registrationsOf(event.id);
    const byMail = (email: string) => rows.find((row) => row.email === email);
    expect(byMail("first@example.test")?.status).toBe("cancelled");
    expect(byMail("big@example.test")?.status).toBe("confirmed");
    expect(byMail("second@example.test")?.status).toBe("waiting");
    expect((await eventRow(event.id)).seatsTaken).toBe(3);
    expect(mailsTo("big@example.test").at(-1)?.subject).toBe(
      `صار لك مقعد في «${event.title}» — جمعية رفق`,
    );
    const page = await load(
      registrationPage.loader,
      requestAs(null, `/events/registration?token=${encodeURIComponent(token)}`),
    );
    expect(page.registration.status).toBe("cancelled");
    // Twice changes nothing.
    await call(registrationPage.action, postFrom(nextClient(), "/events/registration", { token }));
    expect((await eventRow(event.id)).seatsTaken).toBe(3);
  });

  test("a forged or missing token opens nothing and cancels nothing", async () => {
    const event = await newEvent();
    const result = await register(event.slug);
    const [id] = tokenOf(result).split(".");
    for (const token of [`${id}.forged`, id, "", "x".repeat(500)]) {
      expect(
        statusOf(
          await call(
            registrationPage.loader,
            requestAs(null, `/events/registration?token=${encodeURIComponent(token)}`),
          ),
        ),
      ).toBe(404);
      expect(
        statusOf(
          await call(
            registrationPage.action,
            postFrom(nextClient(), "/events/registration", { token }),
          ),
        ),
      ).toBe(404);
    }
    expect((await registrationsOf(event.id))[0].status).toBe("confirmed");
  });
});

describe("the day-before reminder", () => {
  test("each confirmed registrant with an address gets exactly one, even with passes racing", async () => {
    const soon = await newEvent({ capacity: 2 }, 20 * HOUR);
    const later = await newEvent({}, 3 * DAY);
    await registerForEvent(soon.id, {
      fullName: "أ",
      phone: "+966500000001",
      email: "r1@example.test",
      attendees: 1,
    });
    await registerForEvent(soon.id, {
      fullName: "ب",
      phone: "+966500000002",
      email: "r2@example.test",
      attendees: 1,
    });
    await registerForEvent(soon.id, {
      fullName: "ج",
      phone: "+966500000003",
      email: "waits@example.test",
      attendees: 1,
    });
    await registerForEvent(soon.id, { fullName: "د", phone: "+966500000004", attendees: 1 });
    await registerForEvent(later.id, {
      fullName: "ه",
      phone: "+966500000005",
      email: "r3@example.test",
      attendees: 1,
    });
    const sent = await Promise.all([
      sendDueEventReminders(),
      sendDueEventReminders(),
      sendDueEventReminders(),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sendDueEventReminders()).toBe(0);
    // Queued once each on the durable mail queue (docs/decisions/051), which sends them.
    const queued = await db.select().from(mailQueue).where(eq(mailQueue.kind, "event-reminder"));
    expect(queued.map((row) => row.recipient).sort()).toEqual([
      "r1@example.test",
      "r2@example.test",
    ]);
    expect((await runMailQueueOnce({ ratePerMinute: 1000 })).sent).toBeGreaterThanOrEqual(2);
    const reminders = (to: string) =>
      mailsTo(to).filter((mail) => mail.subject.startsWith("تذكير"));
    expect(reminders("r1@example.test")).toHaveLength(1);
    expect(reminders("r2@example.test")).toHaveLength(1);
    expect(reminders("r1@example.test")[0].subject).toBe(`تذكير: «${soon.title}» غداً — جمعية رفق`);
    expect(reminders("waits@example.test")).toHaveLength(0);
    expect(reminders("r3@example.test")).toHaveLength(0);
  });
});

/** The content lines of an iCalendar file, unfolded (RFC 5545 §3.1). */
function parseIcs(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical)
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = physical.reduce<string[]>((all, line) => {
    if (line.startsWith(" ")) all[all.length - 1] += line.slice(1);
    else all.push(line);
    return all;
  }, []);
  const unescapeText = (value: string) =>
    value.replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === "n" ? "\n" : char));
  const props = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at), line.slice(at + 1)];
    }),
  );
  return { lines, props, text: (name: string) => unescapeText(props[name]) };
}

describe("the calendar file", () => {
  test("is RFC 5545: UTC times, escaped text, folded lines, CRLF", async () => {
    const event = await newEvent({
      title: "ملتقى الأجيال; لقاء, وحوار \\ مفتوح",
      place: "قاعة الجمعية، الدور الأول; الدمام",
      description: `<p>سطر أول</p><p>${"برنامج حافل بالأنشطة ".repeat(10)}</p>`,
    });
    const response = (await load(
      calendarRoute.loader,
      requestAs(null, `/events/${event.slug}/calendar.ics`),
      { slug: event.slug },
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = parseIcs(await response.text());
    expect(ics.lines[0]).toBe("BEGIN:VCALENDAR");
    expect(ics.lines).toContain("BEGIN:VEVENT");
    expect(ics.props.DTSTART).toBe(
      event.startsAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, ""),
    );
    expect(ics.props.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    expect(ics.props.DTEND).toMatch(/^\d{8}T\d{6}Z$/);
    expect(ics.props.SUMMARY).toBe("ملتقى الأجيال\\; لقاء\\, وحوار \\\\ مفتوح");
    expect(ics.text("SUMMARY")).toBe(event.title);
    expect(ics.text("LOCATION")).toBe(event.place);
    expect(ics.text("DESCRIPTION")).toContain("سطر أول\nبرنامج حافل");
    expect(ics.props.UID).toContain(event.id);
  });
});

describe("staff and registrations", () => {
  test("staff see registrations, mark attendance, and export a formula-safe CSV with a BOM", async () => {
    const event = await newEvent();
    await register(event.slug, {
      ...PERSON,
      fullName: '=HYPERLINK("http://evil")',
      phone: mobileNumber(1),
      email: "f@example.test",
    });
    await register(event.slug, {
      ...PERSON,
      fullName: "نورة",
      email: "n@example.test",
      attendees: "2",
    });
    const page = await load(
      registrationsRoute.loader,
      requestAs(editor, `/admin/dashboard/events/${event.id}/registrations`),
      { id: event.id },
    );
    expect(page.registrations.map((row) => row.fullName)).toEqual([
      '=HYPERLINK("http://evil")',
      "نورة",
    ]);
    const nora = page.registrations[1];
    const marked = await call(
      registrationsRoute.action,
      requestAs(editor, "/x", { form: { intent: "attendance", id: nora.id, attended: "yes" } }),
      { id: event.id },
    );
    expect(statusOf(marked)).toBe(200);
    expect((await registrationsOf(event.id)).find((row) => row.id === nora.id)?.attended).toBe(
      true,
    );

    const response = (await load(exportRoute.loader, requestAs(editor, "/x"), {
      id: event.id,
    })) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain('"نورة","0501234567","n@example.test","2","مؤكَّد","نعم"');
    expect(csv.split("\r\n")[0]).toBe(
      '\uFEFF"الاسم","الجوال","البريد","عدد الحضور","الحالة","حضر","تاريخ التسجيل"',
    );
  });

  test("an admin deletes a person's data on request (seats freed, waiting promoted); an editor may not", async () => {
    const event = await newEvent({ capacity: 1 });
    await register(event.slug, { ...PERSON, email: "gone@example.test" });
    await register(event.slug, { ...PERSON, phone: mobileNumber(2), email: "next@example.test" });
    const [gone] = (await registrationsOf(event.id)).filter(
      (row) => row.email === "gone@example.test",
    );
    const refused = await call(
      registrationsRoute.action,
      requestAs(editor, "/x", { form: { intent: "delete", id: gone.id } }),
      { id: event.id },
    );
    expect(statusOf(refused)).toBe(403);
    const deleted = await call(
      registrationsRoute.action,
      requestAs(admin, "/x", { form: { intent: "delete", id: gone.id } }),
      { id: event.id },
    );
    expect(statusOf(deleted)).toBe(200);
    const rows = await registrationsOf(event.id);
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ["next@example.test", "confirmed"],
    ]);
    expect((await eventRow(event.id)).seatsTaken).toBe(1);
  });

  test("an editor may not delete an event people registered for (its rows stay); an admin may", async () => {
    const event = await newEvent();
    await register(event.slug, { ...PERSON, phone: mobileNumber(31) });
    const remove = (who: TestUser) =>
      call(
        staffList.action,
        requestAs(who, "/admin/dashboard/events", { form: { intent: "delete", id: event.id } }),
      );
    const refused = await remove(editor);
    expect(statusOf(refused)).toBe(403);
    expect(await (refused as Response).text()).toBe(EVENT_HAS_REGISTRATIONS);
    expect((await eventRow(event.id)).title).toBe(event.title);
    expect(await registrationsOf(event.id)).toHaveLength(1);

    expect(statusOf(await remove(admin))).toBe(200);
    expect(await db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
    expect(await registrationsOf(event.id)).toEqual([]);

    const empty = await newEvent();
    const deleted = await call(
      staffList.action,
      requestAs(editor, "/admin/dashboard/events", { form: { intent: "delete", id: empty.id } }),
    );
    expect(statusOf(deleted)).toBe(200);
    expect(await db.select().from(events).where(eq(events.id, empty.id))).toEqual([]);
  });

  test("lower roles are refused every staff read and write", async () => {
    const event = await newEvent();
    for (const who of [null, viewer]) {
      const expected = who ? 403 : 302;
      expect(
        statusOf(await call(staffList.loader, requestAs(who, "/admin/dashboard/events"))),
      ).toBe(expected);
      expect(
        statusOf(await call(registrationsRoute.loader, requestAs(who, "/x"), { id: event.id })),
      ).toBe(expected);
      expect(statusOf(await call(exportRoute.loader, requestAs(who, "/x"), { id: event.id }))).toBe(
        expected,
      );
      const toggle = await call(
        staffList.action,
        requestAs(who, "/admin/dashboard/events", {
          form: { intent: "publish-toggle", id: event.id },
        }),
      );
      expect([302, 401, 403]).toContain(statusOf(toggle));
    }
    expect((await eventRow(event.id)).status).toBe("published");
  });
});

describe("retention", () => {
  test("registrations go 90 days after their event ended; newer ones stay", async () => {
    const old = await newEvent({}, 2 * DAY);
    const recent = await newEvent({}, 2 * DAY);
    await registerForEvent(old.id, { fullName: "قديم", phone: "+966500000009", attendees: 1 });
    await registerForEvent(recent.id, { fullName: "حديث", phone: "+966500000010", attendees: 1 });
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await db
      .update(events)
      .set({ startsAt: ago(92), endsAt: ago(91) })
      .where(eq(events.id, old.id));
    await db
      .update(events)
      .set({ startsAt: ago(60), endsAt: ago(59) })
      .where(eq(events.id, recent.id));
    const removed = await applyOutreachRetention();
    expect(removed.eventRegistrations).toBe(1);
    expect(await registrationsOf(old.id)).toEqual([]);
    expect((await registrationsOf(recent.id)).map((row) => row.fullName)).toEqual(["حديث"]);
  });
});
