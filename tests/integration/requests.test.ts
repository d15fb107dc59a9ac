import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  assignRequest,
  changeRequestState,
  countRequestHints,
  MESSAGE_REQUIRED,
} from "~/models/requests.server";
import * as exportRoute from "~/routes/admin/requests/export";
import * as inboxRoute from "~/routes/admin/requests/inbox";
import * as viewRoute from "~/routes/admin/requests/view";
import * as followUpRoute from "~/routes/site/request-follow-up";
import { ConflictError, StaleEditError } from "~/shared/domain-errors";
import { requestFollowUpPath } from "~/shared/form-builder";
import { REQUEST_STATE_LABELS, REQUEST_STATE_MEANINGS } from "~/shared/request-states";
import { db } from "~/utils/db.server";
import { signedToken } from "~/utils/signed-tokens.server";
import { mailQueue, requestEvents, requests } from "../../database/schema";
import { isCacheable } from "../../server/page-cache/rules";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { postFrom, withRateLimits } from "../support/outreach";
import { createRequest, createRequestForm } from "../support/requests";
import { call, dataOf, headersOf, statusOf } from "../support/route-calls";

let editor: TestUser;
let otherEditor: TestUser;
let admin: TestUser;
let viewer: TestUser;
let formId: string;

beforeAll(async () => {
  [editor, otherEditor, admin, viewer] = await Promise.all([
    createUser("editor", "هدى المحررة"),
    createUser("editor", "سالم المحرر"),
    createUser("admin", "مدير الجمعية"),
    createUser("viewer"),
  ]);
  formId = (await createRequestForm()).id;
});

const stored = async (id: string) =>
  (await db.select().from(requests).where(eq(requests.id, id)))[0];
const versionOf = async (id: string) => (await stored(id)).updatedAt.toISOString();
const mailsTo = (to: string) => db.select().from(mailQueue).where(eq(mailQueue.recipient, to));
const SITE = "https://rifq.example";

const postView = (user: TestUser | null, id: string, form: Record<string, string>) =>
  call(viewRoute.action, requestAs(user, `/admin/dashboard/requests/${id}`, { form }), { id });

const followUp = (token: string, extra = "") =>
  call(followUpRoute.loader, requestAs(null, `${requestFollowUpPath(token)}${extra}`));

type FollowUp = {
  request: {
    reference: string;
    state: string;
    formTitle: string;
    changes: { message: string | null }[];
  };
  confirming: boolean;
};

describe("the state machine", () => {
  test("moves along the allowed paths and refuses the others", async () => {
    const made = await createRequest(formId, { email: "machine@example.test" });
    await expect(
      changeRequestState(editor, made.id, { to: "done", message: null }, SITE),
    ).rejects.toThrow(ConflictError);
    await changeRequestState(editor, made.id, { to: "in_review", message: null }, SITE);
    await changeRequestState(editor, made.id, { to: "done", message: "تمت الزيارة" }, SITE);
    expect((await stored(made.id)).state).toBe("done");
    // Finished stays finished.
    await expect(
      changeRequestState(editor, made.id, { to: "in_review", message: null }, SITE),
    ).rejects.toThrow(ConflictError);
    const history = await db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, made.id));
    expect(history.map((row) => [row.kind, row.fromState, row.toState])).toEqual([
      ["created", null, null],
      ["state", "received", "in_review"],
      ["state", "in_review", "done"],
    ]);
    expect(history[2].actorId).toBe(editor.id);
  });

  test("scheduled and declined need a message to the person", async () => {
    const made = await createRequest(formId);
    for (const to of ["scheduled", "declined"] as const) {
      await expect(
        changeRequestState(editor, made.id, { to, message: "  " }, SITE),
      ).rejects.toThrow(MESSAGE_REQUIRED);
    }
    expect((await stored(made.id)).state).toBe("received");
  });

  test("a stale form is refused and changes nothing", async () => {
    const made = await createRequest(formId);
    const opened = await versionOf(made.id);
    await assignRequest(editor, made.id, { assigneeId: editor.id, version: opened });
    await expect(
      assignRequest(otherEditor, made.id, { assigneeId: otherEditor.id, version: opened }),
    ).rejects.toThrow(StaleEditError);
    expect((await stored(made.id)).assigneeId).toBe(editor.id);
  });

  test("a request is given to staff only", async () => {
    const made = await createRequest(formId);
    await expect(assignRequest(editor, made.id, { assigneeId: viewer.id })).rejects.toThrow(
      ConflictError,
    );
  });
});

describe("the person's e-mails", () => {
  test("each change queues one e-mail with the reference, the state in Arabic, the message and the link — never a note", async () => {
    const email = "mail-person@example.test";
    const made = await createRequest(formId, { email });
    await call(
      viewRoute.action,
      requestAs(editor, `/admin/dashboard/requests/${made.id}`, {
        form: { intent: "note", note: "ملاحظة سرية عن العائلة" },
      }),
      { id: made.id },
    );
    const answer = await postView(editor, made.id, {
      intent: "state",
      to: "scheduled",
      message: "نزوركم يوم الأحد الساعة العاشرة صباحاً",
      version: await versionOf(made.id),
    });
    expect(statusOf(answer)).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toContain(made.reference);
    expect(mail.subject).toContain(REQUEST_STATE_LABELS.scheduled);
    expect(mail.textBody).toContain(REQUEST_STATE_MEANINGS.scheduled);
    expect(mail.textBody).toContain("نزوركم يوم الأحد الساعة العاشرة صباحاً");
    expect(mail.textBody).toContain("رسالة فريق الجمعية");
    expect(mail.textBody).toContain(requestFollowUpPath(made.token));
    expect(mail.textBody).not.toContain("ملاحظة سرية");
    expect(mail.textBody).not.toContain("هدى");
  });

  test("the per-address cap refuses the mail, never the change", async () => {
    const email = "capped@example.test";
    const made = await createRequest(formId, { email });
    await withRateLimits(async () => {
      await changeRequestState(editor, made.id, { to: "in_review", message: null }, SITE);
      await changeRequestState(editor, made.id, { to: "scheduled", message: "الأحد" }, SITE);
      await changeRequestState(editor, made.id, { to: "in_review", message: null }, SITE);
      const last = await changeRequestState(editor, made.id, { to: "done", message: null }, SITE);
      expect(last.mailed).toBe(false);
    });
    expect((await stored(made.id)).state).toBe("done");
    expect(await mailsTo(email)).toHaveLength(3);
  });

  test("no address, no mail", async () => {
    const made = await createRequest(formId, { email: null });
    const result = await changeRequestState(
      editor,
      made.id,
      { to: "in_review", message: null },
      SITE,
    );
    expect(result.mailed).toBe(false);
  });
});

describe("the follow-up page", () => {
  test("shows the reference, form, state, meaning and the team's messages — never notes or names", async () => {
    const made = await createRequest(formId);
    await postView(editor, made.id, { intent: "note", note: "ملاحظة داخلية لا تظهر" });
    await changeRequestState(
      editor,
      made.id,
      { to: "scheduled", message: "موعدكم الثلاثاء" },
      SITE,
    );
    const answer = await followUp(made.token);
    expect(statusOf(answer)).toBe(200);
    const shown = dataOf<FollowUp>(answer);
    expect(shown.request).toMatchObject({
      reference: made.reference,
      state: "scheduled",
      formTitle: "طلب زيارة منزلية",
    });
    const text = JSON.stringify(shown);
    expect(text).toContain("موعدكم الثلاثاء");
    expect(text).not.toContain("ملاحظة داخلية");
    expect(text).not.toContain("هدى");
    expect(text).not.toContain(editor.id);
    const headers = headersOf(answer);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  test("a forged, altered or other-purpose token opens nothing", async () => {
    const made = await createRequest(formId);
    const [id] = made.token.split(".");
    for (const token of [
      "",
      id,
      `${id}.forged`,
      `${made.token}x`,
      signedToken("event-registration", id),
      "x".repeat(300),
    ]) {
      expect(statusOf(await followUp(token))).toBe(404);
    }
  });

  test("is never in the page cache", () => {
    const headers = { accept: "text/html" };
    expect(isCacheable({ method: "GET", originalUrl: "/requests/follow-up", headers }, "s")).toBe(
      false,
    );
    expect(
      isCacheable({ method: "GET", originalUrl: "/requests/follow-up?token=a.b", headers }, "s"),
    ).toBe(false);
  });

  test("the person withdraws an open request (no actor); a finished one stays", async () => {
    const made = await createRequest(formId);
    const confirming = dataOf<FollowUp>(await followUp(made.token, "&step=withdraw"));
    expect(confirming.confirming).toBe(true);
    const answer = await call(
      followUpRoute.action,
      postFrom("203.0.113.7", requestFollowUpPath(made.token), {
        intent: followUpRoute.WITHDRAW_INTENT,
        token: made.token,
      }),
    );
    expect(statusOf(answer)).toBe(302);
    expect((await stored(made.id)).state).toBe("withdrawn");
    const [event] = await db
      .select()
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, made.id), eq(requestEvents.kind, "withdrawn")));
    expect(event.actorId).toBeNull();
    const shown = dataOf<FollowUp>(await followUp(made.token));
    expect(shown.request.state).toBe("withdrawn");
    // Staff may no longer move it.
    await expect(
      changeRequestState(editor, made.id, { to: "in_review", message: null }, SITE),
    ).rejects.toThrow(ConflictError);

    const done = await createRequest(formId, { state: "done" });
    await call(
      followUpRoute.action,
      postFrom("203.0.113.8", requestFollowUpPath(done.token), { token: done.token }),
    );
    expect((await stored(done.id)).state).toBe("done");
  });

  test("a forged token withdraws nothing", async () => {
    const made = await createRequest(formId);
    const answer = await call(
      followUpRoute.action,
      postFrom("203.0.113.9", "/requests/follow-up", { token: `${made.id}.forged` }),
    );
    expect(statusOf(answer)).toBe(404);
    expect((await stored(made.id)).state).toBe("received");
  });
});

describe("the inbox", () => {
  let mine: string;
  let unassigned: string;
  let late: string;
  let otherForm: string;

  beforeAll(async () => {
    const second = await createRequestForm("طلب إعارة جهاز طبي");
    mine = (await createRequest(formId, { name: "منيرة القحطاني", assigneeId: editor.id })).id;
    unassigned = (await createRequest(formId, { name: "فهد الدوسري", phone: "+966551112233" })).id;
    late = (
      await createRequest(formId, {
        name: "عائشة الزهراني",
        assigneeId: otherEditor.id,
        dueOn: "2020-01-01",
      })
    ).id;
    otherForm = (await createRequest(second.id, { name: "=cmd|' /C calc'!A0" })).id;
  });

  type Listed = { requests: { id: string; reference: string }[]; total: number };
  const list = async (query: string, user: TestUser = editor) =>
    dataOf<Listed>(
      await call(inboxRoute.loader, requestAs(user, `/admin/dashboard/requests?${query}`)),
    );
  const ids = async (query: string) => (await list(query)).requests.map((row) => row.id);

  test("filters: mine, unassigned, overdue, by state, by form; search by name, mobile, reference", async () => {
    expect(await ids("queue=mine")).toContain(mine);
    expect(await ids("queue=mine")).not.toContain(late);
    expect(await ids("queue=unassigned")).toContain(unassigned);
    expect(await ids("queue=unassigned")).not.toContain(mine);
    expect(await ids("queue=overdue")).toEqual([late]);
    expect(await ids("state=withdrawn")).not.toContain(mine);
    const [row] = await db.select().from(requests).where(eq(requests.id, otherForm));
    expect(await ids(`form=${row.formId}`)).toEqual([otherForm]);
    expect(await ids(`q=${encodeURIComponent("فهد")}`)).toEqual([unassigned]);
    expect(await ids("q=0551112233")).toEqual([unassigned]);
    expect(await ids(`q=${encodeURIComponent(row.reference)}`)).toEqual([otherForm]);
  });

  test("search by mobile in any spelling finds the request (its stored, normalised mobile)", async () => {
    for (const spelling of [
      "0551112233",
      "551112233",
      "+966551112233",
      "+966 55 111 2233",
      "00966551112233",
      "055-111-2233",
      "٠٥٥١١١٢٢٣٣",
    ]) {
      expect(await ids(`q=${encodeURIComponent(spelling)}`), spelling).toEqual([unassigned]);
    }
    // A part of the number still finds it; another number finds nothing.
    expect(await ids("q=1112233")).toEqual([unassigned]);
    expect(await ids("q=0559998877")).toEqual([]);
    expect((await list("q=0559998877")).total).toBe(0);
    expect((await list("q=0551112233")).total).toBe(1);
  });

  test("search by a whole e-mail address, in any case, finds its requests", async () => {
    const withMail = (
      await createRequest(formId, { name: "نورة العتيبي", email: "noura.family@example.test" })
    ).id;
    expect(await ids(`q=${encodeURIComponent("Noura.Family@Example.test")}`)).toEqual([withMail]);
    expect(await ids(`q=${encodeURIComponent("noura.family@")}`)).toEqual([withMail]);
  });

  test("the first page is the newest requests with their total, page 2 the next ones", async () => {
    const all = await list("");
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(requests);
    expect(all.total).toBe(count);
    expect(all.requests.length).toBe(Math.min(count, 20));
    const newest = await db
      .select({ id: requests.id })
      .from(requests)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(1);
    expect(all.requests[0].id).toBe(newest[0].id);
  });

  test("the hints count my open requests and the overdue ones", async () => {
    const hints = await countRequestHints(editor);
    expect(hints.mine).toBeGreaterThanOrEqual(1);
    expect(hints.overdue).toBeGreaterThanOrEqual(1);
  });

  test("the CSV: BOM, Arabic header, formula-safe cells, filters kept", async () => {
    const answer = (await call(
      exportRoute.loader,
      requestAs(editor, "/admin/dashboard/requests/export?queue=unassigned"),
    )) as Response;
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    // TextDecoder drops the BOM checked above.
    const [header] = csv.split("\r\n");
    expect(header).toBe(
      '"رقم الطلب","الحالة","النموذج","الاسم","الجوال","البريد","المسؤول","موعد الإنجاز","متأخر","تاريخ الطلب"',
    );
    expect(csv).toContain('"فهد الدوسري","0551112233"');
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).not.toContain("منيرة");
  });

  test("viewers and signed-out visitors are refused", async () => {
    for (const fn of [inboxRoute.loader, exportRoute.loader]) {
      expect(statusOf(await call(fn, requestAs(viewer, "/admin/dashboard/requests")))).toBe(403);
      expect(statusOf(await call(fn, requestAs(null, "/admin/dashboard/requests")))).toBe(302);
    }
    expect(
      statusOf(
        await call(viewRoute.loader, requestAs(viewer, `/admin/dashboard/requests/${mine}`), {
          id: mine,
        }),
      ),
    ).toBe(403);
    expect(statusOf(await postView(viewer, mine, { intent: "note", note: "x" }))).toBe(403);
    expect(statusOf(await postView(null, mine, { intent: "note", note: "x" }))).toBe(401);
  });

  test("the request page: fields by their labels, the file's staff link, the history with names", async () => {
    const made = await createRequest(formId, { withFile: true });
    await assignRequest(admin, made.id, { assigneeId: editor.id });
    const page = dataOf<{
      request: {
        history: { kind: string; actorName: string; assigneeName: string }[];
        files: { id: string }[];
      };
      assignees: { name: string }[];
    }>(
      await call(viewRoute.loader, requestAs(editor, `/admin/dashboard/requests/${made.id}`), {
        id: made.id,
      }),
    );
    expect(page.request.files).toHaveLength(1);
    const assigned = page.request.history.find((entry) => entry.kind === "assigned");
    expect(assigned).toMatchObject({ actorName: "مدير الجمعية", assigneeName: "هدى المحررة" });
    expect(page.assignees.map((user) => user.name)).toContain("سالم المحرر");
    expect(page.assignees.map((user) => user.name)).not.toContain("مستخدم viewer");
  });

  test("a form sent twice with one field repeated is refused with 400", async () => {
    const body = new URLSearchParams([
      ["intent", "note"],
      ["note", "أ"],
      ["note", "ب"],
    ]);
    const answer = await call(
      viewRoute.action,
      requestAs(editor, `/admin/dashboard/requests/${mine}`, { body }),
      { id: mine },
    );
    expect(statusOf(answer)).toBe(400);
  });
});
