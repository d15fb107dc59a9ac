import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCampaign } from "~/models/campaigns.server";
import { createDocument } from "~/models/documents.server";
import { createEvent } from "~/models/events.server";
import * as campaignForm from "~/routes/admin/campaigns/form";
import * as documentForm from "~/routes/admin/documents/form";
import * as eventForm from "~/routes/admin/events/form";
import type { ActionResult } from "~/shared/action-result";
import { toRiyadhInput } from "~/shared/dates";
import { StaleEditError } from "~/shared/domain-errors";
import { db } from "~/utils/db.server";
import { documents, events, newsletterCampaigns } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { pdfFile } from "../support/pdfs";
import { call, dataOf, load, replyErrorsOf, statusOf } from "../support/route-calls";

// Issue 35, item 9: two people save the same event, document or campaign; the second save,
// made from a form opened before the first, is refused with 409 and the Arabic message (as a
// page's is) instead of silently undoing the first; the refused form keeps what was typed.

let editor: TestUser;
let other: TestUser;

beforeAll(async () => {
  editor = await createUser("editor");
  other = await createUser("editor");
});

interface StaleCase {
  /** Creates the entry; answers its id. */
  create(): Promise<string>;
  route: { loader: (args: never) => unknown; action: (args: never) => unknown };
  /** The loader's entry (with the version its form sends back). */
  entryOf(data: unknown): { version: string };
  /** A full form with `title` as its title field. */
  form(title: string): Record<string, string>;
  titleField: string;
  storedTitle(id: string): Promise<string>;
  message: string;
}

async function expectStaleSaveRefused(kind: StaleCase) {
  const id = await kind.create();
  const path = `/admin/x/${id}/edit`;
  const opened = kind.entryOf(await load(kind.route.loader, requestAs(editor, path), { id }));
  const openedByOther = kind.entryOf(await load(kind.route.loader, requestAs(other, path), { id }));
  expect(opened.version).toMatch(/^\d{4}-\d\d-\d\dT/);

  const save = (who: TestUser, title: string, version: string) =>
    call(kind.route.action, requestAs(who, path, { form: { ...kind.form(title), version } }), {
      id,
    });
  expect(statusOf(await save(other, "حفظها الأول", openedByOther.version))).toBe(302);
  const stale = await save(editor, "حفظها الثاني", opened.version);
  expect(statusOf(stale)).toBe(409);
  expect(replyErrorsOf(stale)[""]).toEqual([kind.message]);
  const typed = dataOf<ActionResult>(stale).reply?.initialValue as Record<string, unknown>;
  expect(typed[kind.titleField]).toBe("حفظها الثاني");
  expect(await kind.storedTitle(id)).toBe("حفظها الأول");

  // Reloaded, the form has the new version and saves.
  const reloaded = kind.entryOf(await load(kind.route.loader, requestAs(editor, path), { id }));
  expect(statusOf(await save(editor, "حفظها الثاني", reloaded.version))).toBe(302);
  expect(await kind.storedTitle(id)).toBe("حفظها الثاني");
}

const soon = new Date(Date.now() + 5 * 86_400_000);
const later = new Date(soon.getTime() + 3_600_000);

describe("a save from a form opened before someone else's save", () => {
  test("an event: 409 «عدّل شخص آخر هذه الفعالية…», the first save kept", () =>
    expectStaleSaveRefused({
      create: async () =>
        (
          await createEvent(editor, {
            title: "ملتقى الأجيال",
            slug: `stale-${Date.now().toString(36)}`,
            description: "<p>وصف</p>",
            startsAt: soon,
            endsAt: later,
            place: "الدمام",
            mapUrl: null,
            capacity: 20,
            registrationOpen: true,
            status: "draft",
          })
        ).id,
      route: eventForm,
      entryOf: (data) => (data as { event: { version: string } }).event,
      form: (title) => ({
        title,
        slug: `stale-event-${Date.now().toString(36)}`,
        description: "<p>وصف الفعالية</p>",
        startsAt: toRiyadhInput(soon),
        endsAt: toRiyadhInput(later),
        place: "الدمام",
        capacity: "20",
        status: "draft",
      }),
      titleField: "title",
      storedTitle: async (id) => (await db.select().from(events).where(eq(events.id, id)))[0].title,
      message: new StaleEditError("هذه الفعالية").message,
    }));

  test("a document: 409 «عدّل شخص آخر هذه الوثيقة…», the first save kept", () =>
    expectStaleSaveRefused({
      create: async () =>
        (
          await createDocument(
            editor,
            { title: "التقرير السنوي", category: "reports", year: 2025, status: "hidden" },
            await pdfFile(),
          )
        ).id,
      route: documentForm,
      entryOf: (data) => (data as { document: { version: string } }).document,
      form: (title) => ({ title, category: "reports", year: "2025", status: "hidden" }),
      titleField: "title",
      storedTitle: async (id) =>
        (await db.select().from(documents).where(eq(documents.id, id)))[0].title,
      message: new StaleEditError("هذه الوثيقة").message,
    }));

  test("a campaign: 409 «عدّل شخص آخر هذه الحملة…», the first save kept", () =>
    expectStaleSaveRefused({
      create: async () =>
        (
          await createCampaign(editor, {
            subject: "نشرة الشهر",
            body: "<p>أخبار الجمعية</p>",
            inArchive: true,
          })
        ).id,
      route: campaignForm,
      entryOf: (data) => (data as { campaign: { version: string } }).campaign,
      form: (subject) => ({ subject, body: "<p>أخبار الجمعية</p>", inArchive: "on" }),
      titleField: "subject",
      storedTitle: async (id) =>
        (await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)))[0]
          .subject,
      message: new StaleEditError("هذه الحملة").message,
    }));
});
