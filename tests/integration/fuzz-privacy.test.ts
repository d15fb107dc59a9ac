import { beforeAll, describe, expect, test } from "vitest";
import { registerVolunteer } from "~/models/volunteers.server";
import { action, loader } from "~/routes/admin/privacy/person";
import { db } from "~/utils/db.server";
import { volunteers } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import {
  answerOf,
  arabicText,
  FUZZ_RUNS,
  FUZZ_TIMEOUT,
  fc,
  fuzzAction,
  nastyString,
} from "../support/fuzz";

// The privacy tool's lookup and erasure (docs/decisions/073) answer any input with the page or an
// Arabic refusal, never a 500; a refused erasure deletes nothing.

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser("admin");
  await registerVolunteer({
    fullName: "متطوعة",
    phone: "+966501110000",
    email: "volunteer@example.test",
    city: "dammam",
    interests: ["visits"],
    availability: ["weekends"],
    consent: "on",
  });
});

const contact = fc.oneof(
  fc.constantFrom(
    "0501110000",
    "٠٥٠١١١٠٠٠٠",
    "+966 50 111 0000",
    "00966501110000",
    "volunteer@example.test",
    "VOLUNTEER@example.test",
    "0401110000",
    "a@b",
    "@",
    "",
  ),
  nastyString,
  arabicText(0, 40),
);

describe("fuzzing the privacy tool", () => {
  test(
    "any lookup answers the page or an Arabic refusal",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom("contact", "confirm", "x", "contact[0]"), contact), {
            maxLength: 4,
          }),
          async (pairs) => {
            const params = new URLSearchParams(pairs);
            const { status } = await answerOf(
              loader,
              requestAs(admin, `/admin/dashboard/privacy?${params}`),
            );
            expect([200, 400]).toContain(status);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
    },
    FUZZ_TIMEOUT,
  );

  test(
    "erasing never crashes, and a refused request deletes nothing",
    async () => {
      await fuzzAction({
        action,
        user: admin,
        target: { path: "/admin/dashboard/privacy" },
        plausible: { intent: fc.constantFrom("erase", "", "delete"), contact },
        state: () => db.select().from(volunteers).orderBy(volunteers.id),
      });
    },
    FUZZ_TIMEOUT,
  );
});
