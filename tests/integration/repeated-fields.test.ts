import { count } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { action as categoriesAction } from "~/routes/admin/categories";
import { action as surveyAction } from "~/routes/site/feedback-survey";
import { action as volunteerAction } from "~/routes/site/volunteer";
import { FIELD_REPEATED } from "~/shared/form-validation";
import { db } from "~/utils/db.server";
import { categories, surveyResponses, volunteers } from "../../database/schema";
import { createUser } from "../support/accounts";
import { postFrom } from "../support/outreach";
import { call, replyErrorsOf, statusOf } from "../support/route-calls";

// Issue 35, item 3: a field a form takes once, sent twice or in a list's shape, is refused with
// one Arabic message beside it (it was a 500: `text.replace is not a function`).

const surveyCount = async () => (await db.select({ n: count() }).from(surveyResponses))[0].n;
const ratings = {
  q_reception: "5",
  q_place: "4",
  q_information: "5",
  q_website: "3",
  q_overall: "5",
};
const survey = (fields: Record<string, string | string[]>) =>
  call(surveyAction, postFrom("203.0.113.50", "/feedback/visitors", fields), {
    audience: "visitors",
  });

describe("a field sent more than once", () => {
  test("a survey's mobile sent twice is a 400 with the Arabic message beside it, nothing kept", async () => {
    const before = await surveyCount();
    const result = await survey({
      ...ratings,
      wantsContact: "on",
      contactName: "سارة",
      contactPhone: ["0501234567", "0551234567"],
    });
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result).contactPhone).toEqual([FIELD_REPEATED]);
    expect(replyErrorsOf(result)[""]).toEqual([FIELD_REPEATED]);
    expect(await surveyCount()).toBe(before);
  });

  test("a field in a list's or an object's shape is refused the same way", async () => {
    for (const name of ["contactPhone[0]", "contactPhone[]", "contactPhone.x"]) {
      const result = await survey({
        ...ratings,
        wantsContact: "on",
        contactName: "سارة",
        [name]: "0501234567",
      });
      expect(statusOf(result), name).toBe(400);
      expect(replyErrorsOf(result).contactPhone, name).toEqual([FIELD_REPEATED]);
    }
  });

  test("a missing field is still its own message, and the sent survey is kept", async () => {
    const missing = await survey({ ...ratings, wantsContact: "on", contactName: "سارة" });
    expect(statusOf(missing)).toBe(400);
    expect(replyErrorsOf(missing).contactPhone).toEqual(["رقم الجوال مطلوب"]);
    const before = await surveyCount();
    const sent = await survey({
      ...ratings,
      wantsContact: "on",
      contactName: "سارة",
      contactPhone: "0501234567",
    });
    expect(statusOf(sent)).toBe(302);
    expect(await surveyCount()).toBe(before + 1);
  });

  test("checkbox groups still take several values", async () => {
    const before = (await db.select({ n: count() }).from(volunteers))[0].n;
    const result = await call(
      volunteerAction,
      postFrom("203.0.113.51", "/volunteer", {
        fullName: "سارة أحمد",
        phone: "0501234567",
        city: "dammam",
        interests: ["visits", "events"],
        availability: ["weekdays", "weekends"],
        consent: "on",
      }),
    );
    expect(statusOf(result)).toBe(302);
    expect((await db.select({ n: count() }).from(volunteers))[0].n).toBe(before + 1);
  });

  test("a staff form refuses a repeated name the same way", async () => {
    const editor = await createUser("editor");
    const before = (await db.select({ n: count() }).from(categories))[0].n;
    const result = await call(
      categoriesAction,
      postFrom(
        "203.0.113.52",
        "/admin/dashboard/categories",
        { intent: "create", name: ["أخبار", "فعاليات"], slug: "x-news" },
        editor,
      ),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result).name).toEqual([FIELD_REPEATED]);
    expect(replyErrorsOf(result)[""]).toEqual([FIELD_REPEATED]);
    expect((await db.select({ n: count() }).from(categories))[0].n).toBe(before);
  });
});
