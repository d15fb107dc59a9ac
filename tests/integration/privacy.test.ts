import { existsSync } from "node:fs";
import path from "node:path";
import { eq, getTableColumns, getTableName, isTable, or, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, expect, test, vi } from "vitest";
import { registerForEvent } from "~/models/event-registrations.server";
import { createEvent } from "~/models/events.server";
import { deleteExpiredFormAnswers } from "~/models/form-answer-retention.server";
import { enqueueMail } from "~/models/mail-queue.server";
import { requestNewsletterSubscription } from "~/models/newsletter.server";
import { listPendingFileDeletions } from "~/models/pending-file-deletions.server";
import {
  erasePersonalData,
  findPersonalData,
  PERSONAL_DATA_SOURCES,
} from "~/models/personal-data.server";
import { submitSurveyResponse } from "~/models/surveys.server";
import { registerVolunteer } from "~/models/volunteers.server";
import * as exportRoute from "~/routes/admin/privacy/export";
import * as personRoute from "~/routes/admin/privacy/person";
import { FIELD_REPEATED } from "~/shared/form-validation";
import { PHONE_INVALID } from "~/shared/outreach-fields";
import type { Contact } from "~/shared/privacy";
import { db } from "~/utils/db.server";
import * as storage from "~/utils/storage.server";
import * as schema from "../../database/schema";
import {
  builtForms,
  eventRegistrations,
  events,
  formAnswerFiles,
  formAnswers,
  mailQueue,
  newsletterSubscribers,
  requestEvents,
  requests,
  surveyResponses,
  volunteers,
} from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { createTestForm, insertTestAnswer } from "../support/form-answers";
import { expectLog } from "../support/logs";
import { call, dataOf, headersOf, statusOf } from "../support/route-calls";
import { uploadsDir } from "../support/uploads";

// Issue 36, item 3 (docs/decisions/073): one person's data found by a mobile or an e-mail,
// exported and erased — rows and files — and expired form answers deleted by the daily job.

type FoundPage = {
  groups: {
    key: string;
    items: { title: string; files: string[]; linked: string[]; details: { label: string }[] }[];
  }[];
};

const PHONE = "+966551112233";
const EMAIL = "huda@example.test";
const byPhone: Contact = { kind: "phone", value: PHONE };
const byEmail: Contact = { kind: "email", value: EMAIL };

let admin: TestUser;
let editor: TestUser;
beforeAll(async () => {
  admin = await createUser("admin", "مدير الخصوصية");
  editor = await createUser("editor");
});

const fileOnDisk = (key: string) => existsSync(path.join(uploadsDir(), key));

async function newEvent(capacity = 2) {
  const event = await createEvent(admin, {
    title: `لقاء الأسر ${Math.random()}`,
    slug: `family-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`,
    description: "<p>لقاء</p>",
    startsAt: new Date(Date.now() + 5 * 86_400_000),
    endsAt: new Date(Date.now() + 5 * 86_400_000 + 3_600_000),
    place: "الخبر",
    mapUrl: null,
    capacity,
    registrationOpen: true,
    status: "published",
  });
  return event;
}

/** The person's data in every source, and someone else's beside it. */
async function seedPerson() {
  const form = await createTestForm();
  const answer = await insertTestAnswer({
    formId: form.id,
    phone: PHONE,
    email: EMAIL,
    photo: true,
  });
  const other = await insertTestAnswer({ formId: form.id, phone: "+966559998877", photo: true });
  await registerVolunteer({
    fullName: "هدى",
    phone: PHONE,
    email: EMAIL,
    city: "khobar",
    interests: ["visits"],
    availability: ["weekends"],
    consent: "on",
  });
  await submitSurveyResponse("visitors", {
    answers: { overall: 4 },
    comment: "شكراً",
    contactName: "هدى",
    contactPhone: PHONE,
  });
  await requestNewsletterSubscription(EMAIL);
  const event = await newEvent(2);
  const mine = await registerForEvent(event.id, { fullName: "هدى", phone: PHONE, attendees: 2 });
  const waiting = await registerForEvent(event.id, {
    fullName: "جار",
    phone: "+966554445566",
    attendees: 1,
  });
  await enqueueMail({
    kind: "test",
    to: EMAIL,
    subject: "رسالة إلى هدى",
    html: "<p>هدى</p>",
    text: "هدى",
  });
  return { form, answer, other, event, mine, waiting };
}

/** Every row of every registry table that still holds the contact. */
async function rowsHolding(contact: Contact) {
  const found = await findPersonalData(admin, contact);
  return found.filter((group) => group.erasable).flatMap((group) => group.items);
}

test("every table with a mobile or e-mail column is a personal data source", () => {
  const covered = new Set(PERSONAL_DATA_SOURCES.flatMap((source) => source.tables));
  const personal = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => isTable(value))
    .filter((table) =>
      Object.values(getTableColumns(table)).some((column) =>
        /(^|_)(phone|email|mobile|recipient)$/.test(column.name),
      ),
    );
  expect(personal.map((table) => getTableName(table))).toContain("form_answers");
  expect(
    personal.filter((table) => !covered.has(table)).map((table) => getTableName(table)),
  ).toEqual([]);
});

test("a mobile in any spelling finds the person's answers, volunteering, survey, events", async () => {
  await seedPerson();
  for (const spelling of ["0551112233", "966551112233", "+966 55 111 2233", "٠٥٥١١١٢٢٣٣"]) {
    const result = await call(
      personRoute.loader,
      requestAs(admin, `/admin/dashboard/privacy?contact=${encodeURIComponent(spelling)}`),
    );
    expect(statusOf(result)).toBe(200);
    const { found } = dataOf<{ found: FoundPage }>(result);
    const counts = Object.fromEntries(found?.groups.map((g) => [g.key, g.items.length]) ?? []);
    expect(counts).toMatchObject({
      "form-answers": 1,
      volunteers: 1,
      "survey-contacts": 1,
      "event-registrations": 1,
    });
    const answer = found?.groups.find((g) => g.key === "form-answers")?.items[0];
    expect(answer?.title).toBe("طلب زيارة منزلية");
    expect(answer?.files).toEqual(["صورة المنزل.png"]);
    expect(answer?.details.map((d) => d.label)).toContain("رقم الطلب");
    expect(answer?.linked).toContain(EMAIL);
  }
  const email = await findPersonalData(admin, byEmail);
  const counts = Object.fromEntries(email.map((g) => [g.key, g.items.length]));
  expect(counts).toMatchObject({ newsletter: 1, mail: 1, volunteers: 1, "form-answers": 1 });
  await eraseAll();
});

test("an admin's own e-mail shows the account, which is not erased from here", async () => {
  const found = await findPersonalData(admin, { kind: "email", value: admin.email });
  const accounts = found.find((group) => group.key === "accounts");
  expect(accounts?.items[0]?.title).toBe("مدير الخصوصية");
  expect(accounts?.erasable).toBe(false);
});

test("the export is one JSON download with every record and the photo's bytes", async () => {
  const { answer } = await seedPerson();
  const response = (await call(
    exportRoute.loader,
    requestAs(admin, `/admin/dashboard/privacy/export?contact=0551112233`),
  )) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="personal-data-/,
  );
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const body = await response.json();
  expect(body.contact).toBe(PHONE);
  expect(body.sources["form-answers"].records[0].form).toBe("طلب زيارة منزلية");
  expect(body.sources["form-answers"].records[0].request.reference).toBe(answer.request?.reference);
  expect(body.sources.volunteers.records[0].fullName).toBe("هدى");
  expect(body.sources["event-registrations"].records[0].fullName).toBe("هدى");
  const stored = await storage.getStorage().get(answer.photoKey as string);
  expect(body.files).toHaveLength(1);
  expect(body.files[0].base64).toBe(stored?.body.toString("base64"));
  await eraseAll();
});

async function eraseAll() {
  await erasePersonalData(admin, byPhone);
  await erasePersonalData(admin, byEmail);
}

test("erasing leaves nothing: rows in every source, the files, and the seats come back", async () => {
  const { form, answer, other, event, waiting } = await seedPerson();
  const confirm = await call(
    personRoute.loader,
    requestAs(admin, "/admin/dashboard/privacy?contact=0551112233&confirm=1"),
  );
  expect(dataOf<{ found: { confirming: boolean } }>(confirm).found.confirming).toBe(true);

  const result = await call(
    personRoute.action,
    requestAs(admin, "/admin/dashboard/privacy", {
      form: { intent: "erase", contact: "0551112233" },
    }),
  );
  // The result has its own address (a live update's revalidation cannot wipe it).
  expect(statusOf(result)).toBe(302);
  const location = headersOf(result).get("location") ?? "";
  expect(location).toMatch(/^\/admin\/dashboard\/privacy\?erased=/);
  const shown = await call(personRoute.loader, requestAs(admin, location));
  const { erased } = dataOf<{
    erased: { groups: { key: string; count: number; label: string }[] };
  }>(shown);
  expect(Object.fromEntries(erased.groups.map((g) => [g.key, g.count]))).toMatchObject({
    "form-answers": 1,
    volunteers: 1,
    "survey-contacts": 1,
    "event-registrations": 1,
  });
  expect(erased.groups.find((g) => g.key === "volunteers")?.label).toBe("التسجيل في التطوع");

  expect(await rowsHolding(byPhone)).toEqual([]);
  expect(await db.select().from(formAnswers).where(eq(formAnswers.id, answer.answer.id))).toEqual(
    [],
  );
  expect(await db.select().from(requests).where(eq(requests.answerId, answer.answer.id))).toEqual(
    [],
  );
  expect(
    await db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, answer.request?.id ?? "")),
  ).toEqual([]);
  expect(
    await db.select().from(formAnswerFiles).where(eq(formAnswerFiles.answerId, answer.answer.id)),
  ).toEqual([]);
  expect(await db.select().from(volunteers).where(eq(volunteers.phone, PHONE))).toEqual([]);
  expect(
    await db.select().from(eventRegistrations).where(eq(eventRegistrations.phone, PHONE)),
  ).toEqual([]);
  // The survey's rating stays, without anyone's name or number.
  const surveys = await db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.comment, "شكراً"));
  expect(surveys.at(-1)).toMatchObject({
    contactName: null,
    contactPhone: null,
    answers: { overall: 4 },
  });
  // The photo is gone from Storage and the disk; the other person's answer and photo stay.
  expect(fileOnDisk(answer.photoKey as string)).toBe(false);
  expect(await storage.getStorage().get(answer.photoKey as string)).toBeNull();
  expect(fileOnDisk(other.photoKey as string)).toBe(true);
  expect(await listPendingFileDeletions()).toEqual([]);
  const [formRow] = await db.select().from(builtForms).where(eq(builtForms.id, form.id));
  expect(formRow.answersCount).toBe(1);
  // Her two seats came back; the one waiting moved up, as after a cancellation.
  const [eventRow] = await db.select().from(events).where(eq(events.id, event.id));
  const [moved] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, waiting?.registration.id ?? ""));
  expect(moved.status).toBe("confirmed");
  expect(eventRow.seatsTaken).toBe(1);

  // The e-mail's rows: her newsletter address, her mails, her answer's e-mail.
  await erasePersonalData(admin, byEmail);
  expect(await rowsHolding(byEmail)).toEqual([]);
  expect(
    await db
      .select()
      .from(mailQueue)
      .where(or(eq(mailQueue.recipient, EMAIL), sql`${mailQueue.html} like '%هدى%'`)),
  ).toEqual([]);
  expect(
    await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, EMAIL)),
  ).toEqual([]);
  await erasePersonalData(admin, { kind: "phone", value: "+966559998877" });
});

test("a file Storage cannot remove now waits, and the daily job removes it", async () => {
  const form = await createTestForm();
  const { photoKey } = await insertTestAnswer({ formId: form.id, phone: PHONE, photo: true });
  const real = storage.getStorage();
  const failing = vi.spyOn(storage, "getStorage").mockReturnValue({
    ...real,
    remove: async () => {
      throw new Error("S3 is down");
    },
  });
  expectLog("logger.warn", /could not be removed; retried daily/);
  try {
    await erasePersonalData(admin, byPhone);
  } finally {
    failing.mockRestore();
  }
  expect(await rowsHolding(byPhone)).toEqual([]);
  expect(await listPendingFileDeletions()).toEqual([photoKey]);
  expect(fileOnDisk(photoKey as string)).toBe(true);
  expect(await deleteExpiredFormAnswers()).toMatchObject({ files: 1 });
  expect(await listPendingFileDeletions()).toEqual([]);
  expect(fileOnDisk(photoKey as string)).toBe(false);
});

test("the daily job deletes expired answers with their files and requests, once across processes", async () => {
  const form = await createTestForm();
  const past = new Date(Date.now() - 86_400_000);
  const expired = await Promise.all(
    Array.from({ length: 7 }, (_, index) =>
      insertTestAnswer({
        formId: form.id,
        phone: `+96655000000${index}`,
        photo: index < 3,
        expiresAt: past,
      }),
    ),
  );
  const kept = await insertTestAnswer({ formId: form.id, phone: "+966550000099", photo: true });
  // Two processes at once, in batches of 2: each answer is deleted exactly once.
  const [first, second] = await Promise.all([
    deleteExpiredFormAnswers(new Date(), 2),
    deleteExpiredFormAnswers(new Date(), 2),
  ]);
  expect(first.answers + second.answers).toBe(7);
  const left = await db.select().from(formAnswers).where(eq(formAnswers.formId, form.id));
  expect(left.map((row) => row.id)).toEqual([kept.answer.id]);
  expect(await db.select().from(requests).where(eq(requests.formId, form.id))).toHaveLength(1);
  for (const { photoKey } of expired) if (photoKey) expect(fileOnDisk(photoKey)).toBe(false);
  expect(fileOnDisk(kept.photoKey as string)).toBe(true);
  const [formRow] = await db.select().from(builtForms).where(eq(builtForms.id, form.id));
  expect(formRow.answersCount).toBe(1);
  // Run again: nothing more to do.
  expect(await deleteExpiredFormAnswers()).toMatchObject({ answers: 0 });
});

test("a mistyped mobile or e-mail is refused in Arabic; a repeated field too; editors are refused", async () => {
  const bad = await call(
    personRoute.loader,
    requestAs(admin, "/admin/dashboard/privacy?contact=12345"),
  );
  expect(statusOf(bad)).toBe(400);
  expect(JSON.stringify(dataOf(bad))).toContain(PHONE_INVALID);
  const badEmail = await call(
    personRoute.loader,
    requestAs(admin, "/admin/dashboard/privacy?contact=a@b"),
  );
  expect(JSON.stringify(dataOf(badEmail))).toContain("البريد الإلكتروني غير صحيح");
  const twice = await call(
    personRoute.loader,
    requestAs(admin, "/admin/dashboard/privacy?contact=0551112233&contact=0551112244"),
  );
  expect(statusOf(twice)).toBe(400);
  expect(JSON.stringify(dataOf(twice))).toContain(FIELD_REPEATED);
  const asEditor = await call(personRoute.loader, requestAs(editor, "/admin/dashboard/privacy"));
  expect(statusOf(asEditor)).toBe(403);
  const exportAsEditor = await call(
    exportRoute.loader,
    requestAs(editor, "/admin/dashboard/privacy/export?contact=0551112233"),
  );
  expect(statusOf(exportAsEditor)).toBe(403);
  const eraseAsEditor = await call(
    personRoute.action,
    requestAs(editor, "/admin/dashboard/privacy", {
      form: { intent: "erase", contact: "0551112233" },
    }),
  );
  expect(statusOf(eraseAsEditor)).toBe(403);
  expect(headersOf(eraseAsEditor).get("set-cookie")).toBeNull();
});
