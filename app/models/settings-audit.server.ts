import { eq } from "drizzle-orm";
import type { DEFAULT_DONATION_ACCOUNT } from "~/content/site-defaults";
import { auditSubject, maskAllButLast4 } from "~/shared/audit-subjects";
import { formatDateTime } from "~/shared/dates";
import type { Actor } from "~/shared/roles";
import type { Database } from "~/utils/db.server";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";
import { users } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";

/**
 * The donation account is where gifts are sent, so a change to it must never go unnoticed:
 * each one is recorded in the audit log (who, when, the changed fields before and after, its
 * numbers by their last four characters) in the transaction that saves it, and every
 * administrator is told by e-mail (docs/decisions/075).
 */

type DonationAccount = typeof DEFAULT_DONATION_ACCOUNT;
type DonationField = keyof DonationAccount;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The fields' names and secret fields, as the audited subject declares them. */
const DONATION_SUBJECT = auditSubject("donation_account");
const FIELD_LABELS = DONATION_SUBJECT.fields as Record<DonationField, string>;
const SECRET_FIELDS = new Set<string>(DONATION_SUBJECT.secretFields);

export interface DonationChange {
  changedBy: Pick<Actor, "fullName" | "email">;
  changedAt: Date;
  before: Partial<DonationAccount> | null;
  after: DonationAccount;
  fields: DonationField[];
}

const fieldValue = (value: Partial<DonationAccount> | null, field: DonationField) =>
  typeof value?.[field] === "string" ? value[field] : "";

/**
 * Records a change of the donation account inside the saving transaction `tx`, so the save
 * and its record stand or fall together. Answers null when no field actually changed.
 */
export async function recordDonationChange(
  tx: Transaction,
  entry: { changedBy: Actor; before: unknown; after: DonationAccount },
): Promise<DonationChange | null> {
  const before =
    typeof entry.before === "object" && entry.before !== null
      ? (entry.before as Partial<DonationAccount>)
      : null;
  const fields = (Object.keys(FIELD_LABELS) as DonationField[]).filter(
    (field) => fieldValue(before, field) !== fieldValue(entry.after, field),
  );
  if (!fields.length) return null;
  const pick = (value: Partial<DonationAccount> | null) =>
    Object.fromEntries(fields.map((field) => [field, fieldValue(value, field)]));
  await recordStaffAction(tx, {
    actor: entry.changedBy,
    subject: "donation_account",
    action: "updated",
    item: { id: "donation_account", label: DONATION_SUBJECT.label },
    before: pick(before),
    after: pick(entry.after),
  });
  return {
    changedBy: entry.changedBy,
    changedAt: new Date(),
    before,
    after: entry.after,
    fields,
  };
}

function shown(field: DonationField, value: string): string {
  if (SECRET_FIELDS.has(field)) return maskAllButLast4(value);
  return value ? `«${value}»` : "(فارغ)";
}

/** The notice every administrator receives: who changed which field, from what to what. */
export function composeDonationChangeNotice(change: DonationChange, settingsUrl: string) {
  const who = change.changedBy.fullName
    ? `${change.changedBy.fullName} (${change.changedBy.email})`
    : change.changedBy.email;
  const lines = change.fields.map(
    (field) =>
      `- ${FIELD_LABELS[field]}: من ${shown(field, fieldValue(change.before, field))} إلى ${shown(field, change.after[field])}`,
  );
  return {
    subject: "تنبيه: تغيّرت بيانات حساب التبرعات — جمعية رفق",
    text: [
      "السلام عليكم،",
      "",
      `عدّل ${who} بيانات حساب التبرعات المعروضة في صفحة التبرع، بتاريخ ${formatDateTime(change.changedAt)}.`,
      "",
      "التغييرات:",
      ...lines,
      "",
      "أُخفيت أرقام الحساب والآيبان عدا آخر أربع خانات.",
      `إن لم يكن هذا التغيير متوقعاً فراجعه فوراً من صفحة الإعدادات:\n${settingsUrl}`,
    ].join("\n"),
  };
}

/**
 * E-mails the notice to every administrator. The save has already been committed by then, so
 * a failed send is logged rather than reported as a failed save; the audit row remains.
 */
export async function notifyAdminsOfDonationChange(change: DonationChange, settingsUrl: string) {
  const message = composeDonationChangeNotice(change, settingsUrl);
  try {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, "admin"));
    const results = await Promise.allSettled(
      admins.map(({ email }) => sendMail({ to: email, ...message })),
    );
    for (const result of results) {
      if (result.status === "rejected") {
        logger.error({ err: result.reason }, "could not send a donation-account change notice");
      }
    }
  } catch (error) {
    logger.error({ err: error }, "could not notify the admins of a donation-account change");
  }
}
