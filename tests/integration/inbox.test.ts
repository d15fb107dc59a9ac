import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import { updateVolunteer } from "~/models/volunteers.server";
import * as subscribersExportRoute from "~/routes/admin/outreach/subscribers-export";
import * as surveysExportRoute from "~/routes/admin/outreach/surveys-export";
import * as volunteersExportRoute from "~/routes/admin/outreach/volunteers-export";
import { volunteerInbox } from "~/routes/admin/outreach/volunteers-schema";
import { answerInboxAction } from "~/services/inbox.server";
import { db } from "~/utils/db.server";
import { newsletterSubscribers, surveyResponses, volunteers } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, statusOf } from "../support/route-calls";

// The inbox skeleton (docs/decisions/069) on the real routes, models and database.

let editor: TestUser;
let admin: TestUser;
beforeAll(async () => {
  editor = await createUser("editor");
  admin = await createUser("admin");
});

beforeEach(async () => {
  await db.delete(volunteers);
  await db.delete(surveyResponses);
  await db.delete(newsletterSubscribers);
});

const addVolunteer = async () => {
  const [row] = await db
    .insert(volunteers)
    .values({
      fullName: "نورة القحطاني",
      phone: "+966501234567",
      city: "khobar",
      interests: ["events"],
      availability: ["weekends"],
    })
    .returning();
  return row;
};

describe("the erase action", () => {
  // A stand-in erase that an editor's role would pass in the model: only the skeleton's own
  // check of the declared role can refuse it.
  const markContacted = ({ request }: { request: Request }) =>
    answerInboxAction(request, volunteerInbox, (actor, id) =>
      updateVolunteer(actor, id, { status: "contacted", staffNote: null }),
    );
  const statusOfRow = async (id: string) =>
    (await db.select().from(volunteers).where(eq(volunteers.id, id)))[0]?.status;

  test("is refused on the server below the declared role, whatever the model allows", async () => {
    const row = await addVolunteer();
    const form = { intent: "delete", id: row.id };
    const byEditor = await call(markContacted, requestAs(editor, "/x", { form }));
    expect(statusOf(byEditor)).toBe(403);
    expect(await statusOfRow(row.id)).toBe("new");

    const byAdmin = await call(markContacted, requestAs(admin, "/x", { form }));
    expect(dataOf(byAdmin)).toEqual({ ok: true });
    expect(await statusOfRow(row.id)).toBe("contacted");
  });

  test("answers 400 to another intent when the screen has none of its own, and erases nothing", async () => {
    const row = await addVolunteer();
    const form = { intent: "publish-toggle", id: row.id };
    const result = await call(markContacted, requestAs(admin, "/x", { form }));
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result)).toEqual({ ok: false, message: "طلب غير صالح" });
    expect(await statusOfRow(row.id)).toBe("new");
  });
});

describe("each CSV keeps its columns", () => {
  const headerOf = async (loader: (args: never) => unknown, path: string) => {
    const response = (await call(loader, requestAs(editor, path))) as Response;
    expect(response.status).toBe(200);
    // `text()` would drop the byte-order mark: decode the bytes as Excel reads them.
    const bytes = await response.arrayBuffer();
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).split("\r\n")[0];
  };

  test("volunteers", async () => {
    expect(await headerOf(volunteersExportRoute.loader, "/admin/dashboard/volunteers/export")).toBe(
      '\uFEFF"الاسم","الجوال","البريد","المدينة","المجالات","الأوقات","ملاحظة","الحالة","ملاحظة الفريق","تاريخ الطلب"',
    );
  });

  test("subscribers", async () => {
    expect(
      await headerOf(subscribersExportRoute.loader, "/admin/dashboard/subscribers/export"),
    ).toBe('\uFEFF"البريد الإلكتروني","تاريخ التأكيد"');
  });

  test("survey answers: a column per question of the chosen survey", async () => {
    const questions = SURVEY_QUESTIONS.beneficiaries.map((question) => `"${question.text}"`);
    expect(
      await headerOf(
        surveysExportRoute.loader,
        "/admin/dashboard/surveys/export?audience=beneficiaries",
      ),
    ).toBe(`\uFEFF"التاريخ",${questions.join(",")},"التعليق","الاسم","الجوال"`);
  });
});
