import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as usersAction } from "~/routes/admin/users";
import {
  contactInfoSchema,
  donationAccountSchema,
  registrationSchema,
  siteUrlSchema,
  socialLinksSchema,
} from "~/shared/settings-schemas";
import { db } from "~/utils/db.server";
import { auditLog, siteSettings, users } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

let admin: TestUser;
const viewers: TestUser[] = [];

beforeAll(async () => {
  admin = await createUser("admin");
  for (let index = 0; index < 3; index++) viewers.push(await createUser("viewer"));
});

/** How each stored setting is checked: the schema of its section, fed the stored value. */
const STORED: Record<string, { schema: z.ZodType; input: (value: unknown) => unknown }> = {
  social_links: { schema: socialLinksSchema, input: (value) => value },
  contact_info: { schema: contactInfoSchema, input: (value) => value },
  donation_account: { schema: donationAccountSchema, input: (value) => value },
  registration_control: { schema: registrationSchema, input: (value) => value },
  site_url: { schema: siteUrlSchema, input: (value) => ({ site_url: value }) },
};

/** Every stored setting still passes its section's schema, and comes out of it unchanged. */
async function expectValidSettings() {
  for (const row of await db.select().from(siteSettings)) {
    const { schema, input } = STORED[row.key];
    for (const text of Object.values(input(row.value) as Record<string, unknown>)) {
      if (typeof text === "string") expectStorableText(text, row.key);
    }
    const parsed = schema.safeParse(input(row.value));
    expect(parsed.error?.issues ?? [], row.key).toEqual([]);
    expect(parsed.data, row.key).toEqual(input(row.value));
  }
}

const settingsState = async () => ({
  settings: await db.select().from(siteSettings).orderBy(siteSettings.key),
  audit: await db.select().from(auditLog),
  admin: (await db.select().from(users).where(eq(users.id, admin.id)))[0],
});

describe("fuzzing the administrators' actions", () => {
  test(
    "every settings section never crashes, and refused saves store nothing",
    () =>
      fuzzAction({
        action: settingsAction,
        user: admin,
        target: { path: "/admin/dashboard/settings" },
        plausible: {
          intent: fc.constantFrom(
            "update-registration",
            "update-social-links",
            "update-contact-info",
            "update-donation-account",
            "update-site-url",
            "update-profile",
            "change-password",
            "",
          ),
          allow_registration: fc.constantFrom("on", "", "off"),
          facebook: fc.constantFrom("https://facebook.com/rifq", "", "http://x.com", "https://"),
          twitter: fc.constantFrom("https://x.com/rifq", ""),
          instagram: fc.constantFrom("https://instagram.com/rifq", "https://a b.com"),
          youtube: fc.constantFrom("https://youtube.com/@rifq", ""),
          phone: fc.constantFrom("+966 13 555 0000", "٠١٣٥٥٥٠٠٠٠", "12", "abc"),
          email: fc.constantFrom("info@rifq.org.sa", "x@", ""),
          address: arabicText(1, 120),
          title: arabicText(1, 80),
          description: arabicText(0, 200),
          account_number: fc.constantFrom("1234 5678 9012", "١٢٣٤٥", "12a"),
          bank_name: arabicText(1, 60),
          iban: fc.constantFrom(
            "",
            "SA03 8000 0000 6080 1016 7519",
            "SA00",
            "DE89370400440532013000",
          ),
          site_url: fc.constantFrom("https://rifq.org.sa", "http://localhost:3000/", "ftp://x"),
          fullName: arabicText(1, 60),
          currentPassword: fc.constantFrom("wrong-Pass-1", ""),
          newPassword: fc.constantFrom("New-pass-2026", "short"),
          confirmPassword: fc.constantFrom("New-pass-2026", "other"),
        },
        state: settingsState,
        expectValid: expectValidSettings,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the role selector never crashes, and a refused change changes no role",
    () =>
      fuzzAction({
        action: usersAction,
        user: admin,
        target: { path: "/admin/dashboard/users" },
        plausible: {
          userId: fc.constantFrom(
            ...viewers.map((viewer) => viewer.id),
            admin.id,
            randomUUID(),
            "",
          ),
          role: fc.constantFrom("viewer", "editor", "admin", "owner", ""),
        },
        state: async () => await db.select().from(users).orderBy(users.id),
      }),
    FUZZ_TIMEOUT,
  );
});
