import { describe, expect, test } from "vitest";
import { z } from "zod";
import { publicFormAction } from "~/services/public-forms.server";
import { expectLog } from "../support/logs";
import { postFrom, withRateLimits } from "../support/outreach";
import { call, dataOf, headersOf, replyErrorsOf, statusOf } from "../support/route-calls";

/** The steps every public form shares, through a form of one field (the routes add only theirs). */

const NAME_REQUIRED = "الاسم مطلوب";
const SAVE_FAILED = "تعذّر الحفظ الآن، حاول مرة أخرى بعد قليل";
const DONE = "/test-form?sent=1";
const schema = z.object({ name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED) });

let forms = 0;
let clients = 0;

/** A fresh form (its own rate-limit count) whose saves are kept in `saved`. */
function testForm(save?: (value: { name: string }) => Promise<unknown>) {
  const saved: { name: string }[] = [];
  const form = `test-form-${++forms}`;
  const action = ({ request }: { request: Request }) =>
    publicFormAction(request, {
      form,
      schema,
      save: save ?? (async (value) => saved.push(value)),
      saveFailed: SAVE_FAILED,
      what: "a test entry",
      done: DONE,
    });
  const send = (fields: Record<string, string>, client = `203.0.113.${++clients}`) =>
    call(action, postFrom(client, "/test-form", fields));
  return { form, saved, send };
}

describe("publicFormAction", () => {
  test("a valid form is saved as parsed and redirects to its thanks", async () => {
    const { saved, send } = testForm();
    const result = await send({ name: "  سارة  " });
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("location")).toBe(DONE);
    expect(saved).toEqual([{ name: "سارة" }]);
  });

  test("an invalid form is a 400 with the Arabic error beside its field, nothing saved", async () => {
    const { form, saved, send } = testForm();
    const result = await send({ name: " " });
    expect(statusOf(result)).toBe(400);
    expect(dataOf<{ intent: string; ok: boolean }>(result)).toMatchObject({
      intent: form,
      ok: false,
    });
    expect(replyErrorsOf(result)).toEqual({ name: [NAME_REQUIRED] });
    expect(saved).toEqual([]);
  });

  test("a filled honeypot is answered as a success and nothing is saved", async () => {
    const { saved, send } = testForm();
    const result = await send({ name: "روبوت", website: "http://spam.example" });
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("location")).toBe(DONE);
    expect(saved).toEqual([]);
  });

  test("a failed save is a logged 500 with the form's Arabic message", async () => {
    expectLog("logger.error", /failed to store a test entry/);
    const { form, send } = testForm(() => Promise.reject(new Error("database down")));
    const result = await send({ name: "سارة" });
    expect(statusOf(result)).toBe(500);
    expect(dataOf<{ intent: string; message: string }>(result)).toMatchObject({
      intent: form,
      message: SAVE_FAILED,
    });
    expect(replyErrorsOf(result)).toEqual({ "": [SAVE_FAILED] });
  });

  test("a sixth form from one client in ten minutes is a 429 in Arabic; another client passes", async () => {
    const { saved, send } = testForm();
    await withRateLimits(async () => {
      for (let i = 0; i < 5; i++)
        expect(statusOf(await send({ name: "سارة" }, "192.0.2.1"))).toBe(302);
      const refused = (await send({ name: "سارة" }, "192.0.2.1")) as Response;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.text()).toContain("محاولات كثيرة خلال وقت قصير");
      expect(statusOf(await send({ name: "سارة" }, "192.0.2.2"))).toBe(302);
    });
    expect(saved).toHaveLength(6);
  });
});
