import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { requestFollowUpToken } from "~/models/requests.server";
import { action as requestAction } from "~/routes/admin/requests/view";
import {
  loader as followUpLoader,
  action as withdrawAction,
} from "~/routes/site/request-follow-up";
import { db } from "~/utils/db.server";
import { requestEvents, requests } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fc, fuzzAction, nastyString } from "../support/fuzz";
import { createRequest, createRequestForm } from "../support/requests";
import { call, statusOf } from "../support/route-calls";

// Requests (docs/decisions/072): the staff page's four forms, the follow-up page and its
// withdraw form never answer 500, refuse repeated fields, and write nothing they refuse.

let editor: TestUser;
let admin: TestUser;
const ids: string[] = [];

beforeAll(async () => {
  editor = await createUser("editor");
  admin = await createUser("admin");
  const form = await createRequestForm();
  for (let index = 0; index < 5; index++) ids.push((await createRequest(form.id)).id);
});

/** Every request's state, assignee and due day, and how many history rows there are. */
const state = async () => ({
  requests: (
    await db
      .select({
        id: requests.id,
        state: requests.state,
        assigneeId: requests.assigneeId,
        dueOn: requests.dueOn,
      })
      .from(requests)
  ).sort((a, b) => a.id.localeCompare(b.id)),
  events: (await db.select({ total: count() }).from(requestEvents))[0].total,
});

describe("requests", () => {
  test(
    "the state, assign, due and note forms never crash",
    () =>
      fuzzAction({
        action: requestAction,
        user: fc.constantFrom(editor, admin),
        target: fc
          .constantFrom(...ids, randomUUID(), "x")
          .map((id) => ({ path: `/admin/dashboard/requests/${id}`, params: { id } })),
        plausible: {
          intent: fc.constantFrom("state", "assign", "due", "note", "delete"),
          to: fc.constantFrom("in_review", "scheduled", "done", "declined", "withdrawn", "x"),
          message: fc.oneof(fc.constant("نزوركم الأحد"), nastyString),
          assigneeId: fc.constantFrom("", "x", randomUUID()),
          dueOn: fc.constantFrom("", "2030-01-31", "2030-02-31", "2030-13-45", "31/01/2030"),
          note: fc.oneof(fc.constant("ملاحظة"), nastyString),
          version: fc.constantFrom("", "2020-01-01T00:00:00.000Z", "x"),
        },
        state,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the withdraw form never crashes",
    () =>
      fuzzAction({
        action: withdrawAction,
        user: null,
        target: { path: "/requests/follow-up" },
        plausible: {
          intent: fc.constant("withdraw-request"),
          token: fc.constantFrom(
            requestFollowUpToken(randomUUID()),
            `${randomUUID()}.forged`,
            "",
            "a.b.c",
            requestFollowUpToken("x"),
          ),
        },
        state,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the follow-up page answers any token with 200 or 404, never 500",
    async () => {
      const tokens = fc.oneof(
        // An address carries only well-formed text (a lone surrogate cannot be percent-encoded).
        nastyString.filter((text) => !/[\uD800-\uDFFF]/.test(text)),
        fc.constantFrom(...ids.map(requestFollowUpToken)),
        fc.constantFrom(...ids).map((id) => `${id}.${"A".repeat(43)}`),
      );
      await fc.assert(
        fc.asyncProperty(
          tokens,
          fc.constantFrom("", "&step=withdraw", "&done=1"),
          async (token, extra) => {
            const answer = await call(
              followUpLoader,
              requestAs(null, `/requests/follow-up?token=${encodeURIComponent(token)}${extra}`),
            );
            expect([200, 404]).toContain(statusOf(answer));
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
    },
    FUZZ_TIMEOUT,
  );
});
