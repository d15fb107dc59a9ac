import { beforeAll, expect, test } from "vitest";
import { loader } from "~/routes/admin/audit/log";
import { loader as exportLoader } from "~/routes/admin/audit/log-export";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fc, nastyString } from "../support/fuzz";
import { call, statusOf } from "../support/route-calls";

// The audit log's filters come from the address (docs/decisions/075): any value of any of them,
// malformed dates, unknown types and actions, LIKE syntax, answers 200 — never a 500.

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser("admin", "مدير الفحص");
});

const value = fc.oneof(
  nastyString,
  fc.constantFrom("", "%", "_", "\\", "' or 1=1 --", "posts", "donation_account", "deleted"),
  fc.constantFrom("2026-02-30", "2026-13-01", "0000-00-00", "9999-12-31", "2026-11-29", "1e9"),
);
const param = fc.constantFrom("q", "who", "type", "action", "from", "to", "page");

test(
  "any filters answer 200 on the screen and the CSV",
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(param, value), { maxLength: 6 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const screen = await call(
          loader as never,
          requestAs(admin, `/admin/dashboard/audit-log?${query}`),
        );
        expect(statusOf(screen)).toBe(200);
        const csv = await call(
          exportLoader as never,
          requestAs(admin, `/admin/dashboard/audit-log/export?${query}`),
        );
        expect(statusOf(csv)).toBe(200);
      }),
      { numRuns: Math.min(FUZZ_RUNS, 300) },
    );
  },
  FUZZ_TIMEOUT,
);
