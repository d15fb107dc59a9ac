import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { REGISTRATION_STATUS_LABELS } from "~/shared/events";
import type { Contact } from "~/shared/privacy";
import { type Actor, assertRole, ROLE_LABELS } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
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
  users,
  volunteers,
} from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";
import {
  deleteRegistrationsIn,
  mailPromotedRegistrants,
  type PromotedRegistrants,
} from "./event-registrations.server";
import { deleteFormAnswersIn } from "./form-answer-retention.server";
import { removePendingFiles } from "./pending-file-deletions.server";

// Everything the site holds about one person (docs/decisions/073): a registry of the places
// personal data lives, each declared once — what it is called, how a mobile or an e-mail finds
// its rows, what erasing does. The screen, the export and the erasure read the registry only,
// so a new place is one entry (a test fails for a table with a phone or e-mail column that no
// entry covers).

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];
type Reader = Transaction | typeof db;

/** A stored file of the person's (a form answer's attachment). */
export interface PersonalFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** One row found: its summary for the screen and its whole record for the export. */
export interface FoundItem {
  id: string;
  title: string;
  date: Date | null;
  details: { label: string; value: string }[];
  files: PersonalFile[];
  /** Other contacts the row holds (an e-mail beside the mobile): worth a lookup of their own. */
  linked: string[];
  record: Record<string, unknown>;
}

/** What an erasure leaves to do after its transaction commits. */
interface AfterErasure {
  fileKeys: string[];
  promoted: PromotedRegistrants[];
}

export interface PersonalDataSource {
  key: string;
  /** The group's heading on the screen and in the export. */
  label: string;
  /** What erasing does to these rows, said on the confirmation and in the result. */
  erasure: string;
  /** The tables whose personal columns this source covers. */
  tables: PgTable[];
  /** Its columns holding a mobile or an e-mail: a contact of a kind it has none of finds nothing. */
  contacts: { phone?: PgColumn; email?: PgColumn };
  /** The rows where the contact's column (of `contacts`) is the contact: `where`. */
  find(reader: Reader, where: SQL): Promise<FoundItem[]>;
  /** Erases inside the caller's transaction; answers how many rows. None: shown, not erased. */
  erase?: (tx: Transaction, where: SQL, after: AfterErasure) => Promise<number>;
}

/** The source's rows holding `contact`, or null when the source keeps no contact of its kind. */
const matching = (contact: Contact, { contacts }: PersonalDataSource) => {
  const column = contact.kind === "phone" ? contacts.phone : contacts.email;
  return column ? eq(column, contact.value) : null;
};

const item = (
  parts: Partial<FoundItem> & Pick<FoundItem, "id" | "title" | "record">,
): FoundItem => ({
  date: null,
  details: [],
  files: [],
  linked: [],
  ...parts,
});

const REQUEST_STATE_NAMES: Record<string, string> = {
  received: "مستلم",
  in_review: "قيد المراجعة",
  scheduled: "مجدول",
  done: "منجز",
  declined: "معتذر عنه",
  withdrawn: "مسحوب",
};

const YES = "نعم";
const present = (values: (string | null | undefined)[]) =>
  values.filter((value): value is string => Boolean(value));

/** Form answers with their files, and the requests that follow them up. */
const formAnswersSource: PersonalDataSource = {
  key: "form-answers",
  label: "إجابات النماذج والطلبات",
  erasure: "تُحذف الإجابات ومرفقاتها وطلبات المتابعة وسجلّها.",
  tables: [formAnswers, formAnswerFiles, requests, requestEvents],
  contacts: { phone: formAnswers.contactPhone, email: formAnswers.contactEmail },
  async find(reader, where) {
    const answers = await reader
      .select({
        answer: formAnswers,
        formTitle: builtForms.title,
        request: { id: requests.id, reference: requests.reference, state: requests.state },
      })
      .from(formAnswers)
      .innerJoin(builtForms, eq(builtForms.id, formAnswers.formId))
      .leftJoin(requests, eq(requests.answerId, formAnswers.id))
      .where(where)
      .orderBy(desc(formAnswers.createdAt));
    const ids = answers.map((row) => row.answer.id);
    const files = ids.length
      ? await reader.select().from(formAnswerFiles).where(inArray(formAnswerFiles.answerId, ids))
      : [];
    const requestIds = present(answers.map((row) => row.request?.id));
    // What the person was told and when; staff's internal notes are theirs, not the person's.
    const history = requestIds.length
      ? await reader
          .select({
            requestId: requestEvents.requestId,
            kind: requestEvents.kind,
            toState: requestEvents.toState,
            message: requestEvents.message,
            createdAt: requestEvents.createdAt,
          })
          .from(requestEvents)
          .where(and(inArray(requestEvents.requestId, requestIds), isNull(requestEvents.note)))
          .orderBy(requestEvents.createdAt)
      : [];
    return answers.map(({ answer, formTitle, request }) => {
      const own = files.filter((file) => file.answerId === answer.id);
      return item({
        id: answer.id,
        title: formTitle,
        date: answer.createdAt,
        details: [
          ...(request?.id
            ? [
                { label: "رقم الطلب", value: request.reference },
                { label: "حالة الطلب", value: REQUEST_STATE_NAMES[request.state] ?? request.state },
              ]
            : []),
          { label: "المرفقات", value: String(own.length) },
        ],
        files: own.map((file) => ({
          key: file.storageKey,
          name: file.fileName,
          contentType: file.contentType,
          size: file.size,
        })),
        linked: present([answer.contactPhone, answer.contactEmail]),
        record: {
          form: formTitle,
          values: answer.values,
          sentAt: answer.createdAt,
          deletedAfter: answer.expiresAt,
          files: own.map((file) => ({ field: file.fieldKey, name: file.fileName })),
          request: request?.id
            ? {
                reference: request.reference,
                state: request.state,
                history: history.filter((event) => event.requestId === request.id),
              }
            : null,
        },
      });
    });
  },
  async erase(tx, where, after) {
    const rows = await tx
      .select({ id: formAnswers.id })
      .from(formAnswers)
      .where(where)
      .for("update");
    after.fileKeys.push(
      ...(await deleteFormAnswersIn(
        tx,
        rows.map((row) => row.id),
      )),
    );
    return rows.length;
  },
};

const volunteersSource: PersonalDataSource = {
  key: "volunteers",
  label: "التسجيل في التطوع",
  erasure: "يُحذف التسجيل كله.",
  tables: [volunteers],
  contacts: { phone: volunteers.phone, email: volunteers.email },
  async find(reader, where) {
    const rows = await reader.select().from(volunteers).where(where);
    return rows.map((row) =>
      item({
        id: row.id,
        title: row.fullName,
        date: row.createdAt,
        details: [
          { label: "الجوال", value: row.phone },
          { label: "المدينة", value: row.city },
        ],
        linked: present([row.phone, row.email]),
        record: row,
      }),
    );
  },
  async erase(tx, where) {
    return (await tx.delete(volunteers).where(where).returning({ id: volunteers.id })).length;
  },
};

/** Only the answers whose sender asked to be contacted hold a name and a mobile. */
const surveyContactsSource: PersonalDataSource = {
  key: "survey-contacts",
  label: "بيانات التواصل في الاستبيانات",
  erasure: "يُمحى الاسم والجوال، وتبقى التقييمات بلا صاحب.",
  tables: [surveyResponses],
  contacts: { phone: surveyResponses.contactPhone },
  async find(reader, where) {
    const rows = await reader.select().from(surveyResponses).where(where);
    return rows.map((row) =>
      item({
        id: row.id,
        title: row.contactName ?? "إجابة استبيان",
        date: row.createdAt,
        details: [{ label: "طلب التواصل", value: YES }],
        record: row,
      }),
    );
  },
  async erase(tx, where) {
    const cleared = await tx
      .update(surveyResponses)
      .set({ contactName: null, contactPhone: null })
      .where(where)
      .returning({ id: surveyResponses.id });
    return cleared.length;
  },
};

const newsletterSource: PersonalDataSource = {
  key: "newsletter",
  label: "الاشتراك في النشرة",
  erasure: "يُحذف الاشتراك.",
  tables: [newsletterSubscribers],
  contacts: { email: newsletterSubscribers.email },
  async find(reader, where) {
    const rows = await reader.select().from(newsletterSubscribers).where(where);
    return rows.map((row) =>
      item({
        id: row.id,
        title: row.email,
        date: row.createdAt,
        details: [{ label: "مؤكَّد", value: row.confirmedAt ? YES : "لا" }],
        record: { email: row.email, subscribedAt: row.createdAt, confirmedAt: row.confirmedAt },
      }),
    );
  },
  async erase(tx, where) {
    const rows = await tx
      .delete(newsletterSubscribers)
      .where(where)
      .returning({ id: newsletterSubscribers.id });
    return rows.length;
  },
};

const eventRegistrationsSource: PersonalDataSource = {
  key: "event-registrations",
  label: "التسجيل في الفعاليات",
  erasure: "يُحذف التسجيل وتعود مقاعده إلى الفعالية.",
  tables: [eventRegistrations],
  contacts: { phone: eventRegistrations.phone, email: eventRegistrations.email },
  async find(reader, where) {
    const rows = await reader
      .select({ registration: eventRegistrations, event: events.title })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(where)
      .orderBy(desc(eventRegistrations.createdAt));
    return rows.map(({ registration, event }) =>
      item({
        id: registration.id,
        title: event,
        date: registration.createdAt,
        details: [
          { label: "الاسم", value: registration.fullName },
          { label: "الحالة", value: REGISTRATION_STATUS_LABELS[registration.status] },
          { label: "عدد الحضور", value: String(registration.attendees) },
        ],
        linked: present([registration.phone, registration.email]),
        record: { event, ...registration },
      }),
    );
  },
  async erase(tx, where, after) {
    const rows = await tx
      .select({ id: eventRegistrations.id, eventId: eventRegistrations.eventId })
      .from(eventRegistrations)
      .where(where);
    after.promoted.push(await deleteRegistrationsIn(tx, rows));
    return rows.length;
  },
};

/**
 * Messages to the address. A campaign's rows forget the address (the campaign's figures count
 * them); every other message — its text may name the person — is deleted.
 */
const mailSource: PersonalDataSource = {
  key: "mail",
  label: "الرسائل المرسلة أو المنتظرة",
  erasure: "تُحذف الرسائل، ويُنسى العنوان في رسائل النشرة المحسوبة في إحصاءاتها.",
  tables: [mailQueue],
  contacts: { email: mailQueue.recipient },
  async find(reader, where) {
    const rows = await reader
      .select({
        id: mailQueue.id,
        kind: mailQueue.kind,
        subject: mailQueue.subject,
        status: mailQueue.status,
        createdAt: mailQueue.createdAt,
        sentAt: mailQueue.sentAt,
        campaign: isNotNull(mailQueue.campaignId),
      })
      .from(mailQueue)
      .where(where)
      .orderBy(desc(mailQueue.createdAt));
    return rows.map((row) =>
      item({
        id: row.id,
        title: row.subject ?? (row.campaign ? "رسالة النشرة" : row.kind),
        date: row.sentAt ?? row.createdAt,
        details: [{ label: "الحالة", value: row.sentAt ? "أُرسلت" : "لم تُرسل بعد" }],
        record: row,
      }),
    );
  },
  async erase(tx, where) {
    const deleted = await tx
      .delete(mailQueue)
      .where(and(where, isNull(mailQueue.campaignId)))
      .returning({ id: mailQueue.id });
    const forgotten = await tx
      .update(mailQueue)
      .set({ recipient: sql`'forgotten:' || ${mailQueue.id}::text`, lastError: null })
      .where(and(where, isNotNull(mailQueue.campaignId)))
      .returning({ id: mailQueue.id });
    return deleted.length + forgotten.length;
  },
};

/** A staff or viewer account: shown, but closed on the users screen, never from here. */
const accountsSource: PersonalDataSource = {
  key: "accounts",
  label: "حساب في الموقع",
  erasure: "لا يُحذف من هنا: يحذفه المدير من شاشة المستخدمين.",
  tables: [users],
  contacts: { email: users.email },
  async find(reader, where) {
    const rows = await reader
      .select({
        id: users.id,
        name: users.fullName,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where);
    return rows.map((row) =>
      item({
        id: row.id,
        title: row.name || row.email,
        date: row.createdAt,
        details: [{ label: "الدور", value: ROLE_LABELS[row.role] }],
        record: row,
      }),
    );
  },
};

/** Every place the site keeps a person's mobile or e-mail, in the screen's order. */
export const PERSONAL_DATA_SOURCES: PersonalDataSource[] = [
  formAnswersSource,
  volunteersSource,
  surveyContactsSource,
  newsletterSource,
  eventRegistrationsSource,
  mailSource,
  accountsSource,
];

export interface FoundGroup {
  key: string;
  label: string;
  erasure: string;
  erasable: boolean;
  items: FoundItem[];
}

async function findIn(reader: Reader, contact: Contact): Promise<FoundGroup[]> {
  const groups: FoundGroup[] = [];
  for (const source of PERSONAL_DATA_SOURCES) {
    const where = matching(contact, source);
    groups.push({
      key: source.key,
      label: source.label,
      erasure: source.erasure,
      erasable: Boolean(source.erase),
      items: where ? await source.find(reader, where) : [],
    });
  }
  return groups;
}

/** What the site holds about `contact`, grouped by source (admins only). */
export async function findPersonalData(actor: Actor | null, contact: Contact) {
  assertRole(actor, "admin");
  return findIn(db, contact);
}

/**
 * Everything found, for the person: each source's records and each file's bytes (base64), read
 * in one transaction so the parts agree (admins only).
 */
export async function exportPersonalData(actor: Actor | null, contact: Contact, at = new Date()) {
  assertRole(actor, "admin");
  const groups = await db.transaction((tx) => findIn(tx, contact));
  const files = [];
  for (const file of groups.flatMap((group) => group.items.flatMap((found) => found.files))) {
    const stored = await getStorage().get(file.key);
    files.push({
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      base64: stored ? stored.body.toString("base64") : null,
    });
  }
  return {
    contact: contact.value,
    exportedAt: at.toISOString(),
    sources: Object.fromEntries(
      groups.map((group) => [
        group.key,
        { label: group.label, records: group.items.map((found) => found.record) },
      ]),
    ),
    files,
  };
}

export interface ErasedGroup {
  key: string;
  label: string;
  erasure: string;
  count: number;
}

/**
 * Erases what the site holds about `contact` (admins only): every source's rows in one
 * transaction, then the files noted in it are removed from Storage and those a freed seat
 * moved up hear it. A file that cannot be removed now is removed by the daily job. Answers
 * what each source erased.
 */
export async function erasePersonalData(
  actor: Actor | null,
  contact: Contact,
): Promise<ErasedGroup[]> {
  const admin = assertRole(actor, "admin");
  const after: AfterErasure = { fileKeys: [], promoted: [] };
  const erased = await db.transaction(async (tx) => {
    const counts: ErasedGroup[] = [];
    for (const source of PERSONAL_DATA_SOURCES) {
      if (!source.erase) continue;
      const where = matching(contact, source);
      const count = where ? await source.erase(tx, where, after) : 0;
      counts.push({ key: source.key, label: source.label, erasure: source.erasure, count });
    }
    // The audit log keeps that an erasure happened and what it removed, never whose it was.
    await recordStaffAction(tx, {
      actor: admin,
      subject: "personal_data",
      action: "erased",
      item: { id: null, label: contact.kind === "phone" ? "رقم جوال" : "بريد إلكتروني" },
      after: Object.fromEntries(counts.map((group) => [group.key, group.count])),
    });
    return counts;
  });
  await removePendingFiles(after.fileKeys);
  for (const promoted of after.promoted) await mailPromotedRegistrants(promoted);
  return erased;
}
