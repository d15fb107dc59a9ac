import { count } from "drizzle-orm";
import { beforeAll, describe, test } from "vitest";
import { getSetupCode } from "~/models/setup-code.server";
import { createFirstAdmin } from "~/models/users.server";
import { action as loginAction } from "~/routes/auth/login";
import { action as setupAction } from "~/routes/auth/setup";
import { db } from "~/utils/db.server";
import { users } from "../../database/schema";
import { createUser, TEST_PASSWORD, type TestUser } from "../support/accounts";
import { arabicText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

// These actions belong to the sign-in screens (app/routes/auth/login*, setup). Sign-in and
// sign-up go through scrypt and rate limits: a 429 is a fine answer.

let viewer: TestUser;
const userCount = async () => (await db.select({ total: count() }).from(users))[0].total;

beforeAll(async () => {
  viewer = await createUser("viewer");
});

const emails = () =>
  fc.oneof(
    fc.constantFrom(viewer.email, "new-person@example.test", "x@", "", "ADMIN@EXAMPLE.TEST"),
    fc.emailAddress(),
  );
const passwords = fc.constantFrom(TEST_PASSWORD, "Wrong-pass-2026", "short", "", "A1".repeat(80));

describe("fuzzing the sign-in screens", () => {
  test(
    "the first-run setup never crashes",
    async () => {
      // Never the real code: setup stays open, so every run reaches the form's checks.
      const code = await getSetupCode();
      await fuzzAction({
        action: setupAction,
        user: null,
        target: { path: "/setup" },
        plausible: {
          code: fc.constantFrom(`${code}0`, code.slice(1), "000000", ""),
          fullName: arabicText(1, 60),
          email: emails(),
          password: passwords,
        },
        state: userCount,
      });
    },
    FUZZ_TIMEOUT,
  );

  describe("once the site is set up", () => {
    // Until then the sign-in screen sends everyone to /setup.
    beforeAll(async () => {
      await createFirstAdmin({
        fullName: "مديرة الجمعية",
        email: "admin@rifq.test",
        password: "Admin-pass-2026",
      });
    });

    for (const path of ["/login", "/auth"]) {
      test(
        `sign-in, sign-up, forgot and reset at ${path} never crash`,
        () =>
          fuzzAction({
            action: loginAction,
            user: fc.constantFrom(null, null, viewer),
            target: { path },
            plausible: {
              intent: fc.constantFrom(
                "sign-in",
                "sign-up",
                "forgot-password",
                "reset-password",
                "two-factor",
                "",
              ),
              email: emails(),
              password: passwords,
              fullName: arabicText(1, 60),
              confirmPassword: passwords,
              token: fc.constantFrom("", "abc", "x".repeat(600)),
              redirectTo: fc.constantFrom("/admin", "//evil.example", "/\r\nSet-Cookie: x=1", ""),
            },
            state: userCount,
          }),
        FUZZ_TIMEOUT,
      );
    }
  });
});
