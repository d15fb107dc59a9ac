import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { averageRatingSince, clearSurveyContactsOlderThan } from "~/models/surveys.server";
import * as surveysRoute from "~/routes/admin/outreach/surveys";
import * as surveysExportRoute from "~/routes/admin/outreach/surveys-export";
import * as surveyPage from "~/routes/site/feedback-survey";
import { PHONE_INVALID } from "~/shared/outreach-fields";
import { db } from "~/utils/db.server";
import { surveyResponses } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { postFrom, withRateLimits } from "../support/outreach";
import { call, dataOf, headersOf, statusOf } from "../support/route-calls";

const VISITOR_ANSWERS = {
  q_reception: "5",
  q_place: "4",
  q_information: "3",
  q_website: "4",
  q_overall: "5",
};
const BENEFICIARY_ANSWERS = {
  q_services: "2",
  q_staff: "5",
  q_timing: "3",
  q_communication: "4",
  q_overall: "4",
};

let address = 0;
const nextClient = () => `192.0.2.${++address}`;
const answer = (audience: string, form: Record<string, string>, client = nextClient()) =>
  call(surveyPage.action, postFrom(client, `/feedback/${audience}`, form), { audience });
type Reply = { reply: { error?: Record<string, string[]> } };
const errorsOf = (result: unknown) => dataOf<Reply>(result).reply.error ?? {};
const stored = () => db.select().from(surveyResponses);

let editor: TestUser;
beforeAll(async () => {
  editor = await createUser("editor");
});
beforeEach(async () => {
  await db.delete(surveyResponses);
});

describe("answering a survey", () => {
  test("an anonymous answer is stored; whatever was typed in the contact fields is dropped", async () => {
    const result = await answer("visitors", {
      ...VISITOR_ANSWERS,
      comment: "استقبال رائع",
      contactName: "لا أريد",
      contactPhone: "0501234567",
    });
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("location")).toBe("/feedback/visitors?sent=1#survey-heading");
    const [row] = await stored();
    expect(row).toMatchObject({
      audience: "visitors",
      answers: { reception: 5, place: 4, information: 3, website: 4, overall: 5 },
      comment: "استقبال رائع",
      contactName: null,
      contactPhone: null,
    });
  });

  test("a person who wants to be contacted leaves a name and a normalised mobile", async () => {
    await answer("beneficiaries", {
      ...BENEFICIARY_ANSWERS,
      wantsContact: "on",
      contactName: "أبو فهد",
      contactPhone: "+966 55 000 1111",
    });
    expect((await stored())[0]).toMatchObject({
      contactName: "أبو فهد",
      contactPhone: "+966550001111",
    });
  });

  test.each([
    ["q_reception", { q_reception: "" }, "اختر تقييماً لهذا السؤال"],
    ["q_reception", { q_reception: "6" }, "اختر تقييماً لهذا السؤال"],
    ["q_place", { q_place: "2.5" }, "اختر تقييماً لهذا السؤال"],
    ["comment", { comment: "ك".repeat(1001) }, "التعليق يجب ألا يزيد على 1000 حرف"],
    ["contactName", { wantsContact: "on", contactPhone: "0501234567" }, "اكتب اسمك لنتواصل معك"],
    [
      "contactPhone",
      { wantsContact: "on", contactName: "سعاد", contactPhone: "123" },
      PHONE_INVALID,
    ],
    ["contactPhone", { wantsContact: "on", contactName: "سعاد" }, "رقم الجوال مطلوب"],
  ])("%s refused with its Arabic message, nothing stored (%#)", async (field, change, message) => {
    const result = await answer("visitors", { ...VISITOR_ANSWERS, ...change });
    expect(statusOf(result)).toBe(400);
    expect(errorsOf(result)[field]).toEqual([message]);
    expect(await stored()).toHaveLength(0);
  });

  test("an unknown audience is a 404 and stores nothing", async () => {
    expect(statusOf(await answer("staff", VISITOR_ANSWERS))).toBe(404);
    expect(await stored()).toHaveLength(0);
  });

  test("the honeypot is answered as a success, and nothing is stored", async () => {
    expect(statusOf(await answer("visitors", { ...VISITOR_ANSWERS, website: "x" }))).toBe(302);
    expect(await stored()).toHaveLength(0);
  });

  test("a flood from one client is limited", async () => {
    await withRateLimits(async () => {
      const client = nextClient();
      for (let i = 0; i < 5; i++) await answer("visitors", VISITOR_ANSWERS, client);
      const refused = (await answer("visitors", VISITOR_ANSWERS, client)) as Response;
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("محاولات كثيرة");
    });
    expect(await stored()).toHaveLength(5);
  });
});

describe("the results", () => {
  const results = (query: string) =>
    call(surveysRoute.loader, requestAs(editor, `/admin/dashboard/surveys?${query}`));
  type Results = {
    count: number;
    questions: { key: string; average: number | null; distribution: number[] }[];
    comments: { comment: string | null; contactName: string | null }[];
  };

  beforeEach(async () => {
    await answer("visitors", { ...VISITOR_ANSWERS, comment: "=1+1" });
    await answer("visitors", { ...VISITOR_ANSWERS, q_reception: "3" });
    await answer("beneficiaries", BENEFICIARY_ANSWERS);
  });

  test("count, average and distribution per question, and the comments, per audience", async () => {
    const visitors = dataOf<Results>(await results("audience=visitors"));
    expect(visitors.count).toBe(2);
    expect(visitors.questions[0]).toMatchObject({
      key: "reception",
      average: 4,
      distribution: [0, 0, 1, 0, 1],
    });
    expect(visitors.comments.map((c) => c.comment)).toEqual(["=1+1"]);
    const beneficiaries = dataOf<Results>(await results("audience=beneficiaries"));
    expect(beneficiaries.count).toBe(1);
    expect(beneficiaries.questions[0]).toMatchObject({ key: "services", average: 2 });
  });

  test("a date range narrows them (dates in Riyadh time, the end day included)", async () => {
    const old = new Date("2025-01-10T12:00:00Z");
    const [first] = await db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.audience, "visitors"));
    await db
      .update(surveyResponses)
      .set({ createdAt: old })
      .where(eq(surveyResponses.id, first.id));
    expect(
      dataOf<Results>(await results("audience=visitors&from=2025-01-10&to=2025-01-10")).count,
    ).toBe(1);
    expect(dataOf<Results>(await results("audience=visitors&from=2025-01-11")).count).toBe(1);
    expect(dataOf<Results>(await results("audience=visitors&to=2024-12-31")).count).toBe(0);
  });

  test("the CSV has a byte-order mark, the questions in Arabic, formulas disarmed", async () => {
    const response = (await call(
      surveysExportRoute.loader,
      requestAs(editor, "/admin/dashboard/surveys/export?audience=visitors"),
    )) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("ما مدى رضاك عن حسن الاستقبال والتعامل؟");
    expect(text).toContain('"\'=1+1"');
    expect(text.trim().split("\r\n")).toHaveLength(3);
  });

  test("only an admin deletes an answer on request", async () => {
    const [row] = await stored();
    const form = { intent: "delete", id: row.id };
    const path = "/admin/dashboard/surveys";
    expect(statusOf(await call(surveysRoute.action, requestAs(editor, path, { form })))).toBe(403);
    const admin = await createUser("admin");
    const done = await call(surveysRoute.action, requestAs(admin, path, { form }));
    expect(dataOf(done)).toEqual({ ok: true });
    expect(
      await db.select().from(surveyResponses).where(eq(surveyResponses.id, row.id)),
    ).toHaveLength(0);
  });

  test("this month's average and the retention clearing names but keeping ratings", async () => {
    const average = await averageRatingSince(editor, new Date(Date.now() - 60_000));
    expect(average).toBeCloseTo((21 + 19 + 18) / 15, 5);
    await answer("beneficiaries", {
      ...BENEFICIARY_ANSWERS,
      wantsContact: "on",
      contactName: "أم علي",
      contactPhone: "0551112222",
    });
    const future = new Date(Date.now() + 60_000);
    expect(await clearSurveyContactsOlderThan(future)).toBe(1);
    const rows = await stored();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.contactName === null && row.contactPhone === null)).toBe(true);
  });
});

describe("the dashboard overview", () => {
  test("shows the new volunteers and this month's survey average", async () => {
    const { loader } = await import("~/routes/admin/overview");
    const { registerVolunteer } = await import("~/models/volunteers.server");
    await registerVolunteer({
      fullName: "متطوعة جديدة",
      phone: "+966501234567",
      city: "jubail",
      interests: ["events"],
      availability: ["weekdays"],
      consent: "on",
    });
    await answer("visitors", VISITOR_ANSWERS); // mean 21 / 5 = 4.2
    const body = dataOf<{ stats: { outreach: unknown } }>(
      await call(loader, requestAs(editor, "/admin/dashboard")),
    );
    expect(body.stats.outreach).toEqual({ newVolunteers: 1, surveyAverage: 4.2 });
  });

  test("the month starts at midnight in Riyadh", async () => {
    const { startOfMonthInRiyadh } = await import("~/models/dashboard.server");
    // 22:00 UTC on 31 October is already 1 November in Riyadh.
    expect(startOfMonthInRiyadh(new Date("2026-10-31T22:00:00Z")).toISOString()).toBe(
      "2026-10-31T21:00:00.000Z",
    );
  });
});
