import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createForm, updateForm } from "~/models/built-forms.server";
import { FORM_FULL, sendAnswer } from "~/models/form-answers.server";
import { createPage } from "~/models/pages.server";
import * as answersRoute from "~/routes/admin/forms/answers";
import * as answersExportRoute from "~/routes/admin/forms/answers-export";
import * as builderRoute from "~/routes/admin/forms/form";
import * as listRoute from "~/routes/admin/forms/list";
import * as formRoute from "~/routes/site/built-form";
import * as pageRoute from "~/routes/site/page";
import { ANSWER_MESSAGES, answerSchema } from "~/shared/built-form-answers";
import type { FormField } from "~/shared/form-builder";
import { parseForm } from "~/shared/form-validation";
import { db } from "~/utils/db.server";
import {
  builtForms,
  formAnswerFiles,
  formAnswers,
  mailQueue,
  pages,
  requestCounters,
  requestEvents,
  requests,
} from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { renamedTextFile } from "../support/pdfs";
import { call, dataOf, headersOf, statusOf } from "../support/route-calls";

const FIELDS: FormField[] = [
  { key: "f1", kind: "short_text", label: "اسم كبير السن", required: true, maxLength: 100 },
  { key: "f2", kind: "mobile", label: "رقم الجوال", required: true },
  { key: "f3", kind: "email", label: "البريد الإلكتروني", required: false },
  { key: "f4", kind: "date", label: "الموعد المفضّل", required: true },
  {
    key: "f5",
    kind: "single_choice",
    label: "الحي",
    required: true,
    options: ["الفيصلية", "الشاطئ"],
  },
  {
    key: "f6",
    kind: "multi_choice",
    label: "الاحتياجات",
    required: false,
    options: ["تمريض", "علاج طبيعي"],
  },
  { key: "f7", kind: "yes_no", label: "هل يسكن وحده؟", required: true },
  { key: "f8", kind: "number", label: "العمر", required: true, min: 50, max: 120 },
  {
    key: "f9",
    kind: "file",
    label: "التقرير الطبي",
    required: false,
    accept: "pdf_or_image",
    maxMb: 1,
  },
  { key: "s1", kind: "section", label: "الموافقة", required: false },
  { key: "f10", kind: "consent", label: "الموافقة", required: true, text: "أوافق على حفظ بياناتي" },
];

const VALID: Record<string, string | Blob> = {
  f1: "سعاد",
  f2: "٠٥٠ ١٢٣ ٤٥٦٧",
  f3: "Family@Example.test",
  f4: "2026-12-20",
  f5: "الفيصلية",
  f7: "yes",
  f8: "78",
  f10: "on",
};

const FORM_INPUT = () => ({
  title: "طلب زيارة منزلية",
  slug: "home-visit",
  fields: FIELDS,
  status: "open" as const,
  isRequest: true,
  thankYou: "وصلنا طلبك",
  purpose: "لنرتّب الزيارة",
  retentionMonths: 6,
  notifyUserIds: [editor.id, viewer.id],
});

let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
let formId: string;
let address = 0;

const send = (form: Record<string, string | Blob>) => {
  const request = requestAs(null, "/forms/home-visit", { form });
  request.headers.set("x-forwarded-for", `198.51.100.${++address}`);
  return call(formRoute.action, request, { slug: "home-visit" });
};
type Reply = { reply: { error?: Record<string, string[]> } };
const errorsOf = (result: unknown) => dataOf<Reply>(result).reply.error ?? {};

beforeAll(async () => {
  [admin, editor, viewer] = await Promise.all([
    createUser("admin"),
    createUser("editor"),
    createUser("viewer"),
  ]);
});

beforeEach(async () => {
  await db.delete(builtForms);
  await db.delete(mailQueue);
  await db.delete(requestCounters);
  const created = await createForm(admin, FORM_INPUT());
  formId = created.id;
});

describe("one schema per form", () => {
  test("every kind checks its value with the spec's Arabic messages", () => {
    const schema = answerSchema(FIELDS);
    const sent = new FormData();
    for (const [key, value] of Object.entries({ ...VALID, f2: "12345", f8: "30", f5: "غيره" }))
      sent.append(key, value);
    sent.delete("f10");
    const submission = parseForm(sent, { schema });
    expect(submission.status).toBe("error");
    const error = submission.status === "error" ? submission.error : {};
    expect(error?.f2?.[0]).toContain("رقم الجوال غير صحيح");
    expect(error?.f8).toEqual([ANSWER_MESSAGES.tooSmall("العمر", 50)]);
    expect(error?.f5).toEqual([ANSWER_MESSAGES.choose("الحي")]);
    expect(error?.f10).toEqual([ANSWER_MESSAGES.consent]);
    expect(error?.f1).toBeUndefined();
  });

  test("a valid answer is normalised: +9665…, lower-cased e-mail, a number", () => {
    const sent = new FormData();
    for (const [key, value] of Object.entries(VALID)) sent.append(key, value);
    const submission = parseForm(sent, { schema: answerSchema(FIELDS) });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      f2: "+966501234567",
      f3: "family@example.test",
      f8: 78,
    });
  });
});

describe("sending a built form", () => {
  test("two mistakes come back together, in one round, with what was typed", async () => {
    const result = await send({ ...VALID, f1: "", f2: "123" });
    expect(statusOf(result)).toBe(400);
    const errors = errorsOf(result);
    expect(Object.keys(errors).sort()).toEqual(["f1", "f2"]);
    expect(errors.f1).toEqual([ANSWER_MESSAGES.required("اسم كبير السن")]);
    expect(await db.select().from(formAnswers)).toHaveLength(0);
  });

  test("an answer opens a request with a reference, its event and the acknowledgement", async () => {
    const result = await send({ ...VALID, f9: await pngFile("photo.png", 40, 30) });
    expect(statusOf(result)).toBe(302);
    const year = new Date().getUTCFullYear();
    expect(decodeURIComponent(headersOf(result).get("location") ?? "")).toBe(
      `/forms/home-visit?sent=1&ref=ط-${year}-000001`,
    );
    const [answer] = await db.select().from(formAnswers);
    expect(answer).toMatchObject({
      contactPhone: "+966501234567",
      contactEmail: "family@example.test",
    });
    expect(answer.expiresAt.getTime()).toBeGreaterThan(Date.now() + 150 * 86_400_000);
    const files = await db.select().from(formAnswerFiles);
    expect(files).toHaveLength(1);
    expect(files[0].storageKey).toMatch(/^form-answers\//);
    const [request] = await db.select().from(requests);
    expect(request.reference).toBe(`ط-${year}-000001`);
    const events = await db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, request.id));
    expect(events.map((event) => event.kind)).toEqual(["created"]);
    const [form] = await db.select().from(builtForms);
    expect(form.answersCount).toBe(1);
    const mails = await db.select().from(mailQueue);
    const acknowledgement = mails.find((mail) => mail.recipient === "family@example.test");
    expect(acknowledgement?.textBody).toContain(`ط-${year}-000001`);
    expect(acknowledgement?.textBody).toContain("/requests/follow-up?token=");
    // Staff are told the form's name and a link, nothing of the answer; a viewer is never told.
    const told = mails.filter((mail) => mail.kind === "form-answer");
    expect(told.map((mail) => mail.recipient)).toEqual([editor.email]);
    expect(told[0].textBody).not.toContain("سعاد");
  });

  test("a request with no e-mail, telling nobody, is opened with its event and queues no mail", async () => {
    await updateForm(admin, formId, { ...FORM_INPUT(), notifyUserIds: [] });
    const { f3: _email, ...withoutEmail } = VALID;
    expect(statusOf(await send(withoutEmail))).toBe(302);
    const [request] = await db.select().from(requests);
    const events = await db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, request.id));
    expect(events.map((event) => event.toState)).toEqual(["received"]);
    expect(await db.select().from(mailQueue)).toHaveLength(0);
  });

  test("a form that opens no request tells its staff in one go, and only them", async () => {
    await updateForm(admin, formId, { ...FORM_INPUT(), isRequest: false });
    expect(statusOf(await send(VALID))).toBe(302);
    expect(await db.select().from(requests)).toHaveLength(0);
    const mails = await db.select().from(mailQueue);
    expect(mails.map((mail) => [mail.kind, mail.recipient])).toEqual([
      ["form-answer", editor.email],
    ]);
  });

  test("concurrent answers never share a reference", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => send(VALID)));
    expect(results.map(statusOf)).toEqual(Array(6).fill(302));
    const references = (await db.select().from(requests)).map((row) => row.reference).sort();
    expect(new Set(references).size).toBe(6);
    expect(references.at(-1)).toMatch(/-000006$/);
  });

  test("a text file named .pdf is refused by its bytes; an over-size file names the limit", async () => {
    const refused = await send({ ...VALID, f9: renamedTextFile() });
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused).f9).toEqual([ANSWER_MESSAGES.file("التقرير الطبي", "pdf_or_image")]);
    const big = new File([new Uint8Array(1024 * 1024 + 10)], "big.png", { type: "image/png" });
    const tooBig = await send({ ...VALID, f9: big });
    expect(statusOf(tooBig)).toBe(400);
    expect(errorsOf(tooBig).f9).toEqual(["حجم التقرير الطبي يجب ألا يزيد على 1 ميجابايت"]);
    expect(await db.select().from(formAnswerFiles)).toHaveLength(0);
  });

  test("an edit of the fields checks the very next answer with the new fields", async () => {
    expect(statusOf(await send(VALID))).toBe(302);
    const asked: FormField = {
      key: "f11",
      kind: "short_text",
      label: "اسم المرافق",
      required: true,
      maxLength: 100,
    };
    await updateForm(admin, formId, { ...FORM_INPUT(), fields: [...FIELDS, asked] });
    const refused = await send(VALID);
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused).f11).toEqual([ANSWER_MESSAGES.required("اسم المرافق")]);
    expect(statusOf(await send({ ...VALID, f11: "أحمد" }))).toBe(302);
    expect(await db.select().from(formAnswers)).toHaveLength(2);
  });

  test("a form at its maximum refuses the next answer, even one read before it filled", async () => {
    await db.update(builtForms).set({ maxAnswers: 1 });
    const [before] = await db.select().from(builtForms);
    expect(statusOf(await send(VALID))).toBe(302);
    const full = await send(VALID);
    expect(statusOf(full)).toBe(409);
    // The form's row as read before the first answer: the count's UPDATE still refuses.
    await expect(
      sendAnswer(before, { f1: "سعاد", f2: "+966501234567", f10: "on" }, { baseUrl: "" }),
    ).rejects.toThrow(FORM_FULL);
    const [form] = await db.select().from(builtForms);
    expect(form.answersCount).toBe(1);
    expect(await db.select().from(formAnswers)).toHaveLength(1);
    expect(await db.select().from(requests)).toHaveLength(1);
    // The refused answers took no number: the next request is the second of the year.
    expect(await db.select({ last: requestCounters.last }).from(requestCounters)).toEqual([
      { last: 1 },
    ]);
  });

  test("a closed form takes no answer and says so", async () => {
    await db.update(builtForms).set({ status: "closed" });
    const result = await send(VALID);
    expect(statusOf(result)).toBe(409);
    expect(await db.select().from(formAnswers)).toHaveLength(0);
  });
});

describe("the answers inbox", () => {
  type Listed = { answers: { id: string; reference: string | null }[]; total: number };
  const list = async (query = "") =>
    dataOf<Listed>(
      await call(
        answersRoute.loader,
        requestAs(editor, `/admin/dashboard/forms/${formId}/answers?${query}`),
        { id: formId },
      ),
    );

  test("newest first with the form's count; a mobile in any spelling finds its answer", async () => {
    for (const [name, mobile] of [
      ["سعاد", "0501234567"],
      ["فهد", "0551112233"],
      ["منيرة", "0569998877"],
    ]) {
      expect(statusOf(await send({ ...VALID, f1: name, f2: mobile }))).toBe(302);
    }
    const all = await list();
    expect(all.total).toBe(3);
    const year = new Date().getUTCFullYear();
    expect(all.answers.map((row) => row.reference)).toEqual([
      `ط-${year}-000003`,
      `ط-${year}-000002`,
      `ط-${year}-000001`,
    ]);
    for (const spelling of ["0551112233", "+966 55 111 2233", "00966551112233", "٠٥٥١١١٢٢٣٣"]) {
      const found = await list(`q=${encodeURIComponent(spelling)}`);
      expect(
        found.answers.map((row) => row.reference),
        spelling,
      ).toEqual([`ط-${year}-000002`]);
      expect(found.total).toBe(1);
    }
    expect((await list("q=1112233")).total).toBe(1);
    expect((await list(`q=${encodeURIComponent("منيرة")}`)).answers).toHaveLength(1);
    expect((await list(`q=${encodeURIComponent(`ط-${year}-000001`)}`)).answers).toHaveLength(1);
    expect((await list("q=FAMILY@example.test")).total).toBe(3);
    expect((await list("q=0590000000")).total).toBe(0);
  });

  test("a card carries the answer's summary; the whole answer is one link away", async () => {
    expect(statusOf(await send({ ...VALID, f6: "", f9: "" }))).toBe(302);
    const listed = dataOf<{
      answers: { id: string; requestId: string | null; values: Record<string, unknown> }[];
      form: { fields: { key: string }[] };
    }>(
      await call(
        answersRoute.loader,
        requestAs(editor, `/admin/dashboard/forms/${formId}/answers`),
        { id: formId },
      ),
    );
    const [card] = listed.answers;
    // The first four answers in words (name, mobile, e-mail, date) — not the district or the age.
    expect(listed.form.fields.map((field) => field.key)).toEqual(["f1", "f2", "f3", "f4"]);
    expect(Object.keys(card.values)).toEqual(["f1", "f2", "f3", "f4"]);
    expect(card.values.f1).toBe("سعاد");
    // A request's card leads to its staff page, which shows the answer in full.
    const [request] = await db.select().from(requests);
    expect(card.requestId).toBe(request.id);

    const whole = dataOf<{
      whole: { answer: { values: Record<string, unknown> }; form: { fields: unknown[] } };
    }>(
      await call(
        answersRoute.loader,
        requestAs(editor, `/admin/dashboard/forms/${formId}/answers?answer=${card.id}`),
        { id: formId },
      ),
    );
    expect(whole.whole.answer.values.f5).toBe("الفيصلية");
    expect(whole.whole.form.fields).toHaveLength(FIELDS.length);
    const missing = await call(
      answersRoute.loader,
      requestAs(
        editor,
        `/admin/dashboard/forms/${formId}/answers?answer=00000000-0000-4000-8000-000000000000`,
      ),
      { id: formId },
    );
    expect(statusOf(missing)).toBe(404);
  });

  test("a page, its CSV and one answer carry each answer's own request and files", async () => {
    // Read in one statement per page (docs/decisions/071 "Speed"): each row's lookups are its own.
    expect(statusOf(await send({ ...VALID, f1: "الأولى", f9: "" }))).toBe(302);
    expect(
      statusOf(await send({ ...VALID, f1: "الثانية", f9: await pngFile("صورة.png", 40, 30) })),
    ).toBe(302);
    const year = new Date().getUTCFullYear();
    const listed = dataOf<{
      answers: {
        id: string;
        reference: string | null;
        requestId: string | null;
        files: { fileName: string; fieldKey: string; size: number }[];
      }[];
      total: number;
    }>(
      await call(
        answersRoute.loader,
        requestAs(editor, `/admin/dashboard/forms/${formId}/answers`),
        { id: formId },
      ),
    );
    expect(listed.total).toBe(2);
    const opened = await db.select().from(requests);
    const [second, first] = listed.answers;
    expect([second.reference, first.reference]).toEqual([`ط-${year}-000002`, `ط-${year}-000001`]);
    expect(second.requestId).toBe(opened.find((row) => row.answerId === second.id)?.id);
    expect(second.files).toEqual([
      expect.objectContaining({ fileName: "صورة.png", fieldKey: "f9" }),
    ]);
    expect(second.files[0].size).toBeGreaterThan(0);
    expect(first.files).toEqual([]);

    const whole = dataOf<{ whole: { answer: { reference: string; files: unknown[] } } }>(
      await call(
        answersRoute.loader,
        requestAs(editor, `/admin/dashboard/forms/${formId}/answers?answer=${second.id}`),
        { id: formId },
      ),
    );
    expect(whole.whole.answer.reference).toBe(`ط-${year}-000002`);
    expect(whole.whole.answer.files).toHaveLength(1);

    const csv = await (
      (await call(
        answersExportRoute.loader,
        requestAs(editor, `/admin/dashboard/forms/${formId}/answers/export`),
        { id: formId },
      )) as Response
    ).text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`ط-${year}-000002`);
    expect(lines[1]).toContain("صورة.png");
    expect(lines[2]).toContain(`ط-${year}-000001`);
    expect(lines[2]).not.toContain("صورة.png");
  });
});

describe("the form's own address", () => {
  test("the thanks after an answer sends no fields; the form itself sends them all", async () => {
    const page = async (path: string) =>
      dataOf<{ form: { fields: unknown[]; thankYou: string }; sent: boolean }>(
        await call(formRoute.loader, requestAs(null, path), { slug: "home-visit" }),
      );
    expect((await page("/forms/home-visit")).form.fields).toHaveLength(FIELDS.length);
    const thanks = await page("/forms/home-visit?sent=1");
    expect(thanks.sent).toBe(true);
    expect(thanks.form.thankYou).toBe("وصلنا طلبك");
    expect(thanks.form.fields).toEqual([]);
  });
});

describe("a form as a block of a page", () => {
  test("a published page shows the open form, posting to the form's own address", async () => {
    await createPage(admin, {
      title: "زيارات منزلية",
      slug: "home-visits",
      blocks: [{ type: "form", slug: "home-visit" }],
      status: "published",
    });
    const answer = (await call(pageRoute.loader, requestAs(null, "/p/home-visits"), {
      slug: "home-visits",
    })) as { blocks: { type: string; form?: { slug: string; closed: string | null } }[] };
    expect(answer.blocks[0]).toMatchObject({
      type: "form",
      form: { slug: "home-visit", closed: null },
    });
    await db.update(builtForms).set({ status: "closed" });
    const closed = (await call(pageRoute.loader, requestAs(null, "/p/home-visits"), {
      slug: "home-visits",
    })) as { blocks: { form?: { closed: string | null } }[] };
    expect(closed.blocks[0].form?.closed).toBe("هذا النموذج لا يستقبل إجابات الآن");
    await db.delete(pages);
  });
});

describe("who builds forms", () => {
  test("an editor reads the list but cannot open the builder or delete a form", async () => {
    const list = await call(listRoute.loader, requestAs(editor, "/admin/dashboard/forms"));
    expect(statusOf(list)).toBe(200);
    // The list is searched in the title (Arabic, as typed) and the address (any case).
    const searched = async (q: string) =>
      dataOf<{ forms: { title: string }[] }>(
        await call(
          listRoute.loader,
          requestAs(editor, `/admin/dashboard/forms?q=${encodeURIComponent(q)}`),
        ),
      ).forms.map((form) => form.title);
    expect(await searched("زيارة منزلية")).toEqual(["طلب زيارة منزلية"]);
    expect(await searched("HOME-VISIT")).toEqual(["طلب زيارة منزلية"]);
    expect(await searched("تطوع")).toEqual([]);
    const builder = await call(
      builderRoute.loader,
      requestAs(editor, "/admin/dashboard/forms/new"),
    );
    expect(statusOf(builder)).toBe(403);
    const removal = await call(
      listRoute.action,
      requestAs(editor, "/admin/dashboard/forms", { form: { intent: "delete", id: formId } }),
    );
    expect(statusOf(removal)).toBe(403);
    expect(await db.select().from(builtForms)).toHaveLength(1);
  });

  test("the builder moves a field up without JavaScript and keeps what was typed", async () => {
    const form = {
      title: "نموذج",
      slug: "x",
      "fields[0].key": "f1",
      "fields[0].kind": "short_text",
      "fields[0].label": "الأول",
      "fields[1].key": "f2",
      "fields[1].kind": "email",
      "fields[1].label": "الثاني",
      __intent__: JSON.stringify({
        type: "reorder",
        payload: { name: "fields", from: 1, to: 0 },
      }),
    };
    const result = await call(
      builderRoute.action,
      requestAs(admin, "/admin/dashboard/forms/new", { form }),
    );
    expect(statusOf(result)).toBe(200);
    const reply = dataOf<{ reply: { initialValue: { fields: { label: string }[] } } }>(
      result,
    ).reply;
    expect(reply.initialValue.fields.map((field) => field.label)).toEqual(["الثاني", "الأول"]);
  });
});
