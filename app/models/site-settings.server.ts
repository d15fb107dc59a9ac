import { eq, inArray } from "drizzle-orm";
import {
  DEFAULT_CONTACT_INFO,
  DEFAULT_DONATION_ACCOUNT,
  DEFAULT_SOCIAL_LINKS,
} from "~/content/site-defaults";
import { type Actor, assertRole } from "~/shared/roles";
import type { DonationAccount, SettingKey, SiteSettings } from "~/shared/site-settings";
import { db } from "~/utils/db.server";
import { getSiteUrl } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { cachedRead, forgetReads } from "~/utils/read-cache.server";
import { siteSettings } from "../../database/schema";
import { recordStaffAction } from "./audit-log.server";
import { notifyAdminsOfDonationChange, recordDonationChange } from "./settings-audit.server";

export const SETTING_DEFAULTS: SiteSettings = {
  social_links: DEFAULT_SOCIAL_LINKS,
  contact_info: DEFAULT_CONTACT_INFO,
  donation_account: DEFAULT_DONATION_ACCOUNT,
  registration_control: { allow_registration: true },
  site_url: null,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Merges a stored value over its default, keeping only known string/boolean fields. */
function withDefaults<K extends SettingKey>(key: K, stored: unknown): SiteSettings[K] {
  const fallback = SETTING_DEFAULTS[key];
  if (key === "site_url") {
    return (typeof stored === "string" && stored ? stored : fallback) as SiteSettings[K];
  }
  if (!isObject(stored) || !isObject(fallback)) return fallback;
  const defaults: Record<string, unknown> = fallback;
  const merged: Record<string, unknown> = { ...defaults };
  for (const field of Object.keys(defaults)) {
    const value = stored[field];
    if (typeof value === typeof defaults[field] && (typeof value !== "string" || value !== "")) {
      merged[field] = value;
    }
  }
  return merged as SiteSettings[K];
}

const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

/** Every public setting over its default: one small query, kept until a setting changes; may throw. */
export const readAllSettings = () =>
  cachedRead("site_settings", "site_settings", async () => {
    const rows = await db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, SETTING_KEYS));
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    return Object.fromEntries(
      SETTING_KEYS.map((key) => [key, withDefaults(key, stored.get(key))]),
    ) as unknown as SiteSettings;
  });

/**
 * Reads public settings; a failed read is logged and answers the defaults
 * (spec §8: the footer keeps default contact info, registration stays allowed).
 */
export async function getSettings<K extends SettingKey>(keys: K[]): Promise<Pick<SiteSettings, K>> {
  let all: SiteSettings = SETTING_DEFAULTS;
  try {
    all = await readAllSettings();
  } catch (error) {
    logger.error({ err: error, keys }, "failed to read site settings");
  }
  const result = {} as Pick<SiteSettings, K>;
  for (const key of keys) result[key] = all[key];
  return result;
}

/** Registration is allowed unless explicitly switched off (spec §3, §9). */
export async function isRegistrationAllowed(): Promise<boolean> {
  const { registration_control } = await getSettings(["registration_control"]);
  return registration_control.allow_registration !== false;
}

export async function getSiteUrlSetting(): Promise<string | null> {
  const { site_url } = await getSettings(["site_url"]);
  return site_url ? site_url.replace(/\/$/, "") : null;
}

/**
 * Every setting as stored (over its default), for the administrators' settings screen. Unlike
 * getSettings, a failed read throws: an admin must never edit defaults believing them stored.
 */
export async function getSettingsForAdmin(actor: Actor | null): Promise<SiteSettings> {
  assertRole(actor, "admin");
  const keys = Object.keys(SETTING_DEFAULTS) as SettingKey[];
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, keys));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    keys.map((key) => [key, withDefaults(key, stored.get(key))]),
  ) as unknown as SiteSettings;
}

/** A setting's value as the audit log's before/after: an object's fields, or `value`. */
const asFields = (value: unknown): Record<string, unknown> | null =>
  value === undefined || value === null
    ? null
    : typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value: JSON.stringify(value) };

/** Records a changed setting (other than the donation account) in the audit log, in `tx`. */
async function recordSettingChange(
  tx: Parameters<typeof recordStaffAction>[0],
  admin: Actor,
  key: string,
  before: unknown,
  after: unknown,
) {
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return null;
  await recordStaffAction(tx, {
    actor: admin,
    subject: "settings",
    action: "updated",
    item: { id: key, label: key },
    before: asFields(before),
    after: asFields(after),
  });
  return null;
}

/**
 * Stores one setting; only an administrator may. Answers the stored value read back, and
 * throws when the database refuses (so no one is told "updated" when nothing was saved).
 * A change of the donation account is recorded in the same transaction and announced to
 * every administrator by e-mail.
 */
export async function updateSetting<K extends SettingKey>(
  actor: Actor | null,
  key: K,
  value: SiteSettings[K],
): Promise<SiteSettings[K]> {
  const admin = assertRole(actor, "admin");
  const { stored, donationChange } = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, key))
      .for("update");
    const [row] = await tx
      .insert(siteSettings)
      .values({ key, value, updatedBy: admin.id })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value, updatedBy: admin.id, updatedAt: new Date() },
      })
      .returning({ value: siteSettings.value });
    if (!row) throw new Error(`the setting ${key} was not saved`);
    const donationChange =
      key === "donation_account"
        ? await recordDonationChange(tx, {
            changedBy: admin,
            before: previous?.value ?? null,
            after: row.value as DonationAccount,
          })
        : await recordSettingChange(tx, admin, key, previous?.value, row.value);
    return { stored: row.value, donationChange };
  });
  forgetReads({ table: "site_settings" });
  if (donationChange) {
    const base = (await getSiteUrlSetting()) ?? getSiteUrl();
    await notifyAdminsOfDonationChange(
      donationChange,
      `${base}/admin/dashboard/settings#donation-account`,
    );
  }
  return withDefaults(key, stored);
}
