import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { countNewVolunteers, deleteVolunteersOlderThan } from "~/models/volunteers.server";
import * as inboxRoute from "~/routes/admin/outreach/volunteers";
import * as exportRoute from "~/routes/admin/outreach/volunteers-export";
import * as volunteerRoute from "~/routes/site/volunteer";
import { CONSENT_REQUIRED } from "~/routes/site/volunteer-schema";
import { normaliseSaudiMobile, PHONE_INVALID } from "~/shared/outreach-fields";
import { db } from "~/utils/db.server";
import { volunteers } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { postFrom, withRateLimits } from "../support/outreach";
import { call, dataOf, headersOf, readOutbox, statusOf } from "../support/route-calls";

const VALID = {
  fullName: "سارة العتيبي",
  phone: "٠٥٠ ١٢٣ ٤٥٦٧",
  email: "Sara@Example.test",
  city: "khobar",
  interests: ["visits", "events"],
  availability: ["weekends"],
  message: "أحب القراءة لكبار السن",
  consent: "on",
};

let address = 0;
const nextClient = () => `198.51.100.${++address}`;
const register = (form: Record<string, string | string[]>, client = nextClient()) =>
  call(volunteerRoute.action, postFrom(client, "/volunteer", form));
type Reply = { reply: { error?: Record<string, string[]> } };
const errorsOf = (result: unknown) => dataOf<Reply>(result).reply.error ?? {};
const stored = () => db.select().from(volunteers);

let editor: TestUser;
let admin: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  [editor, admin, viewer] = await Promise.all([
    createUser("editor"),
    createUser("admin", "مديرة الجمعية"),
    createUser("viewer"),
  ]);
});
beforeEach(async () => {
  await db.delete(volunteers);
});

describe("registering as a volunteer", () => {
  test("a valid registration is stored normalised; admins and the visitor are told", async () => {
    const before = readOutbox().length;
    const result = await register(VALID);
    expect(statusOf(result)).toBe(302);
    expect(headersOf(result).get("location")).toBe(volunteerRoute.SENT_PATH);
    const [row] = await stored();
    expect(row).toMatchObject({
      fullName: "سارة العتيبي",
      phone: "+966501234567",
      email: "sara@example.test",
      city: "khobar",
      interests: ["visits", "events"],
      availability: ["weekends"],
      status: "new",
    });
    const mails = readOutbox().slice(before);
    const toAdmin = mails.find((mail) => mail.to === admin.email);
    expect(toAdmin?.text).toContain("سارة العتيبي");
    expect(toAdmin?.text).toContain("0501234567");
    const toVisitor = mails.find((mail) => mail.to === "sara@example.test");
    expect(toVisitor?.subject).toBe("وصلنا طلب تطوعك — جمعية رفق");
    // The address is not confirmed: nothing the visitor typed goes to it.
    expect(toVisitor?.text).not.toContain("سارة");
    expect(toVisitor?.text).not.toContain("القراءة");
  });

  test("the confirmation shows on the page it redirects to", async () => {
    const result = await call(volunteerRoute.loader, requestAs(null, "/volunteer?sent=1"));
    expect(result).toEqual({ sent: true });
  });

  test.each([
    ["+966 50 123 4567", "+966501234567"],
    ["00966501234567", "+966501234567"],
    ["501234567", "+966501234567"],
    ["055-123-4567", "+966551234567"],
    ["0112345678", null],
    ["05012345", null],
  ])("the mobile %s is %s", (input, expected) => {
    expect(normaliseSaudiMobile(input)).toBe(expected);
  });

  test.each([
    ["fullName", { fullName: "" }, "الاسم الكامل مطلوب"],
    ["fullName", { fullName: "ا".repeat(101) }, "الاسم يجب ألا يزيد على 100 حرف"],
    ["phone", { phone: "" }, "رقم الجوال مطلوب"],
    ["phone", { phone: "12345" }, PHONE_INVALID],
    ["email", { email: "not-an-address" }, "البريد الإلكتروني غير صحيح"],
    ["city", { city: "riyadh" }, "اختر مدينتك"],
    ["interests", { interests: [] }, "اختر مجالاً واحداً على الأقل"],
    ["interests", { interests: ["cooking"] }, "اختر مجالاً واحداً على الأقل"],
    ["availability", { availability: [] }, "اختر وقتاً واحداً على الأقل يناسبك"],
    ["message", { message: "ك".repeat(1001) }, "الملاحظة يجب ألا تزيد على 1000 حرف"],
    ["consent", { consent: [] }, CONSENT_REQUIRED],
  ])("%s refused with its Arabic message, nothing stored (%#)", async (field, change, message) => {
    const result = await register({ ...VALID, ...change });
    expect(statusOf(result)).toBe(400);
    expect(errorsOf(result)[field]).toEqual([message]);
    expect(await stored()).toHaveLength(0);
  });

  test("the honeypot is answered as a success, and nothing is stored or sent", async () => {
    const before = readOutbox().length;
    const result = await register({ ...VALID, website: "http://spam.example" });
    expect(statusOf(result)).toBe(302);
    expect(await stored()).toHaveLength(0);
    expect(readOutbox()).toHaveLength(before);
  });

  test("a flood from one client is limited in Arabic; another client still gets through", async () => {
    await withRateLimits(async () => {
      const client = nextClient();
      for (let i = 0; i < 5; i++) expect(statusOf(await register(VALID, client))).toBe(302);
      const refused = (await register(VALID, client)) as Response;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.text()).toContain("محاولات كثيرة خلال وقت قصير");
      expect(statusOf(await register(VALID))).toBe(302);
    });
    expect(await stored()).toHaveLength(6);
  });

  test("a malformed body is a 4xx in Arabic", async () => {
    const request = requestAs(null, "/volunteer", { body: "{}", method: "POST" });
    request.headers.set("content-type", "application/json");
    const result = (await call(volunteerRoute.action, request)) as Response;
    expect(result.status).toBe(415);
  });
});

describe("the staff inbox", () => {
  const inbox = (who: TestUser | null, query = "") =>
    call(inboxRoute.loader, requestAs(who, `/admin/dashboard/volunteers${query}`));
  const listed = (result: unknown) =>
    dataOf<{ volunteers: { fullName: string }[] }>(result).volunteers.map((v) => v.fullName);

  beforeEach(async () => {
    await register(VALID);
    await register({
      ...VALID,
      fullName: "خالد الدوسري",
      phone: "0559876543",
      city: "dammam",
      email: "",
    });
  });

  test("filters by status and city and searches name and phone", async () => {
    expect(listed(await inbox(editor))).toEqual(["خالد الدوسري", "سارة العتيبي"]);
    expect(listed(await inbox(editor, "?city=khobar"))).toEqual(["سارة العتيبي"]);
    expect(listed(await inbox(editor, "?q=الدوسري"))).toEqual(["خالد الدوسري"]);
    expect(listed(await inbox(editor, "?q=0559876"))).toEqual(["خالد الدوسري"]);
    // Arabic-Indic digits with the country code, an e-mail in other letters' case, a message's word.
    expect(listed(await inbox(editor, `?q=${encodeURIComponent("+966 ٥٥٩ ٨٧٦")}`))).toEqual([
      "خالد الدوسري",
    ]);
    expect(listed(await inbox(editor, "?q=SARA@example"))).toEqual(["سارة العتيبي"]);
    expect(listed(await inbox(editor, `?q=${encodeURIComponent("القراءة")}`))).toEqual([
      "خالد الدوسري",
      "سارة العتيبي",
    ]);
    expect(listed(await inbox(editor, "?q=12"))).toEqual([]);
    expect(listed(await inbox(editor, "?status=contacted"))).toEqual([]);
    expect(await countNewVolunteers(editor)).toBe(2);
  });

  test("an editor moves a volunteer on and keeps a note", async () => {
    const [row] = await db.select().from(volunteers).where(eq(volunteers.city, "khobar"));
    const result = await call(
      inboxRoute.action,
      requestAs(editor, "/admin/dashboard/volunteers", {
        form: {
          intent: "update",
          id: row.id,
          status: "contacted",
          staffNote: "اتصلت بها يوم الأحد",
        },
      }),
    );
    expect(statusOf(result)).toBe(200);
    const [after] = await db.select().from(volunteers).where(eq(volunteers.id, row.id));
    expect(after).toMatchObject({ status: "contacted", staffNote: "اتصلت بها يوم الأحد" });
    expect(listed(await inbox(editor, "?status=contacted"))).toEqual(["سارة العتيبي"]);
    expect(await countNewVolunteers(editor)).toBe(1);
  });

  test("an unknown status is refused with its message", async () => {
    const [row] = await stored();
    const result = await call(
      inboxRoute.action,
      requestAs(editor, "/admin/dashboard/volunteers", {
        form: { intent: "update", id: row.id, status: "hired" },
      }),
    );
    expect(statusOf(result)).toBe(400);
    expect(errorsOf(result).status).toEqual(["اختر الحالة"]);
  });

  test("only an admin deletes a person's data on request", async () => {
    const [row] = await stored();
    const form = { intent: "delete", id: row.id };
    const byEditor = await call(
      inboxRoute.action,
      requestAs(editor, "/admin/dashboard/volunteers", { form }),
    );
    expect(statusOf(byEditor)).toBe(403);
    const byAdmin = await call(
      inboxRoute.action,
      requestAs(admin, "/admin/dashboard/volunteers", { form }),
    );
    expect(dataOf(byAdmin)).toEqual({ ok: true });
    expect(await db.select().from(volunteers).where(eq(volunteers.id, row.id))).toHaveLength(0);
  });

  test("the CSV has a byte-order mark, Arabic intact and the filters applied", async () => {
    await db
      .update(volunteers)
      .set({ message: '=HYPERLINK("http://evil")' })
      .where(eq(volunteers.city, "khobar"));
    const response = (await call(
      exportRoute.loader,
      requestAs(editor, "/admin/dashboard/volunteers/export?city=khobar"),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="volunteers-/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('"سارة العتيبي","0501234567","sara@example.test","الخبر"');
    expect(text).toContain("\"'=HYPERLINK");
    expect(text).not.toContain("خالد");
  });

  test("viewers and visitors get nothing", async () => {
    expect(statusOf(await inbox(viewer))).toBe(403);
    expect(statusOf(await inbox(null))).toBe(302);
    const csv = await call(
      exportRoute.loader,
      requestAs(viewer, "/admin/dashboard/volunteers/export"),
    );
    expect(statusOf(csv)).toBe(403);
  });

  test("registrations untouched past the retention period are deleted", async () => {
    const old = new Date(Date.now() - 800 * 24 * 60 * 60 * 1000);
    await db.update(volunteers).set({ updatedAt: old }).where(eq(volunteers.city, "dammam"));
    const cutoff = new Date(Date.now() - 730 * 24 * 60 * 60 * 1000);
    expect(await deleteVolunteersOlderThan(cutoff)).toBe(1);
    expect((await stored()).map((row) => row.fullName)).toEqual(["سارة العتيبي"]);
  });
});
