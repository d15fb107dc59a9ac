import { count, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { action as logoutAction } from "~/routes/auth/logout";
import { action as profileAction } from "~/routes/auth/profile";
import { action as twoFactorAction } from "~/routes/auth/two-factor";
import { fullNameField } from "~/shared/auth-schemas";
import { db } from "~/utils/db.server";
import { sessions, users } from "../../database/schema";
import { createUser, TEST_PASSWORD, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser("viewer");
});

/** Every name saved since `since` still passes the name field's schema, unchanged by it. */
async function expectValidNames(since: Date) {
  for (const row of await db.select().from(users).where(gte(users.updatedAt, since))) {
    expectStorableText(row.fullName, "a name");
    const parsed = fullNameField.safeParse(row.fullName);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toBe(row.fullName);
  }
}

describe("fuzzing the account actions", () => {
  test(
    "personal info and password changes never crash, and refused ones change nothing",
    () =>
      fuzzAction({
        action: profileAction,
        user: fc.constantFrom(viewer, viewer, viewer, null),
        target: { path: "/profile" },
        plausible: {
          intent: fc.constantFrom("update-profile", "change-password", "delete-account", ""),
          fullName: arabicText(1, 80),
          // Never the real password: a change would end the session the fuzzing runs in.
          currentPassword: fc.constantFrom("Wrong-pass-2026", "", TEST_PASSWORD.toLowerCase()),
          newPassword: fc.constantFrom("New-pass-2026", "short", ""),
          confirmPassword: fc.constantFrom("New-pass-2026", "other", ""),
        },
        state: async () => ({
          user: (await db.select().from(users).where(eq(users.id, viewer.id)))[0],
          sessions: (await db.select({ total: count() }).from(sessions))[0].total,
        }),
        expectValid: expectValidNames,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the two-factor page never crashes, and a refused step changes nothing",
    async () => {
      const editor = await createUser("editor");
      await fuzzAction({
        action: twoFactorAction,
        user: fc.constantFrom(editor, editor, viewer, null),
        target: { path: "/account/two-factor" },
        plausible: {
          intent: fc.constantFrom(
            "two-factor-start",
            "two-factor-confirm",
            "two-factor-disable",
            "",
          ),
          // Never the real password: starting would change the account the fuzzing runs as.
          password: fc.constantFrom("Wrong-pass-2026", ""),
          code: fc.constantFrom("123456", "12345", "abcdef", ""),
        },
        state: async () => (await db.select().from(users).where(eq(users.id, editor.id)))[0],
      });
    },
    FUZZ_TIMEOUT,
  );

  test(
    "sign-out never crashes, whatever is posted and whoever posts it",
    async () => {
      // Each sign-out may end these sessions; after that the answer is 'already signed out'.
      const signedIn = await Promise.all([createUser("viewer"), createUser("editor")]);
      await fuzzAction({
        action: logoutAction,
        user: fc.constantFrom(...signedIn, null),
        target: { path: "/logout" },
        plausible: { from: fc.constantFrom("site", "admin", "", "elsewhere") },
        state: async () => (await db.select({ total: count() }).from(sessions))[0].total,
      });
    },
    FUZZ_TIMEOUT,
  );
});
