import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { trimAuditLog } from "~/models/audit-log.server";
import { createCampaign } from "~/models/campaigns.server";
import { registerForEvent } from "~/models/event-registrations.server";
import { createEvent } from "~/models/events.server";
import { registerVolunteer } from "~/models/volunteers.server";
import { loader as logLoader } from "~/routes/admin/audit/log";
import { loader as exportLoader } from "~/routes/admin/audit/log-export";
import * as campaignViewRoute from "~/routes/admin/campaigns/view";
import * as registrationsRoute from "~/routes/admin/events/registrations";
import * as volunteersRoute from "~/routes/admin/outreach/volunteers";
import * as postFormRoute from "~/routes/admin/posts/form";
import * as postListRoute from "~/routes/admin/posts/list";
import * as settingsRoute from "~/routes/admin/settings";
import * as cardListsRoute from "~/routes/resources/card-lists";
import { GOVERNANCE_PRINCIPLES } from "~/shared/card-list-definitions";
import { db } from "~/utils/db.server";
import { auditLog, posts } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call, dataOf, statusOf } from "../support/route-calls";

// The audit log of staff actions (docs/decisions/075): recorded with the write, append-only in
// the database, trimmed only by its retention job, read by admins alone.

let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  [admin, editor, viewer] = await Promise.all([
    createUser("admin", "مديرة السجل"),
    createUser("editor", "محرر السجل"),
    createUser("viewer", "مشاهد السجل"),
  ]);
});

/** The trigger's refusal, under Drizzle's "Failed query" error. */
const APPEND_ONLY = { cause: { message: expect.stringMatching(/append-only/) } };

const rowsBy = (who: TestUser) =>
  db.select().from(auditLog).where(eq(auditLog.actorId, who.id)).orderBy(desc(auditLog.id));

const postForm = (slug: string) => ({
  title: `مقال ${slug}`,
  slug,
  content: "نص المقال",
  status: "draft",
});

describe("a content type's writes are recorded by its flows", () => {
  test("create, publish, delete: one row each, with who, role, type, action and the title", async () => {
    const before = (await rowsBy(editor)).length;
    const slug = `audit-${Date.now().toString(36)}`;
    await call(
      postFormRoute.action as never,
      requestAs(editor, "/admin/dashboard/posts/new", { form: postForm(slug) }),
    );
    const [created] = await db.select().from(posts).where(eq(posts.slug, slug));
    const list = "/admin/dashboard/posts";
    await call(
      postListRoute.action as never,
      requestAs(editor, list, { form: { intent: "publish-toggle", id: created.id } }),
    );
    await call(
      postListRoute.action as never,
      requestAs(editor, list, { form: { intent: "delete", id: created.id } }),
    );
    const rows = (await rowsBy(editor)).slice(0, 3).reverse();
    expect((await rowsBy(editor)).length - before).toBe(3);
    expect(rows.map((row) => row.action)).toEqual(["created", "published", "deleted"]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorName: "محرر السجل",
        actorRole: "editor",
        subject: "posts",
        itemId: created.id,
        itemLabel: `مقال ${slug}`,
      });
    }
  });

  test("a refused write (a viewer, a bad form) leaves no row", async () => {
    const [viewerBefore, editorBefore] = [
      (await rowsBy(viewer)).length,
      (await rowsBy(editor)).length,
    ];
    await call(
      postFormRoute.action as never,
      requestAs(viewer, "/admin/dashboard/posts/new", { form: postForm(`v-${Date.now()}`) }),
    );
    await call(
      postFormRoute.action as never,
      requestAs(editor, "/admin/dashboard/posts/new", { form: { title: "", status: "draft" } }),
    );
    expect((await rowsBy(viewer)).length).toBe(viewerBefore);
    expect((await rowsBy(editor)).length).toBe(editorBefore);
  });

  test("the write and its row stand or fall together: no log table, no post", async () => {
    expectLog("logger.error", /failed to save a post/);
    const slug = `audit-gone-${Date.now().toString(36)}`;
    await db.execute(sql.raw("alter table audit_log rename to audit_log_away"));
    try {
      const result = await call(
        postFormRoute.action as never,
        requestAs(editor, "/admin/dashboard/posts/new", { form: postForm(slug) }),
      );
      expect(statusOf(result)).toBe(500);
    } finally {
      await db.execute(sql.raw("alter table audit_log_away rename to audit_log"));
    }
    expect(await db.select().from(posts).where(eq(posts.slug, slug))).toEqual([]);
  });
});

describe("the writes outside the content flows say what they did", () => {
  const latestOf = async (who: TestUser) => (await rowsBy(who))[0];

  test("a card list's add: the list and its card, the titles before and after; a stale save leaves no row", async () => {
    const before = (await rowsBy(admin)).length;
    const post = (form: Record<string, string>) =>
      call(
        cardListsRoute.action as never,
        requestAs(admin, "/api/card-lists", {
          form: { pagePath: "/governance", listKey: "principles", ...form },
        }),
      );
    const added = await post({ intent: "add", title: "الشفافية", text: "نص" });
    expect(statusOf(added)).toBe(200);
    const row = await latestOf(admin);
    const titles = GOVERNANCE_PRINCIPLES.defaults.map((card) => card.title).join("، ");
    expect(row).toMatchObject({
      subject: "content_lists",
      action: "created",
      itemId: "/governance#principles",
      itemLabel: "مبادئ الحوكمة: «الشفافية»",
      before: { cards: titles },
      after: { cards: `${titles}، الشفافية` },
    });
    // The editor showed the built-in cards, but the list has changed since: a conflict, no row.
    expect(statusOf(await post({ intent: "add", title: "متأخرة", text: "نص" }))).toBe(409);
    expect((await rowsBy(admin)).length - before).toBe(1);
  });

  test("check-in names the event (never the person); a volunteer's status is said in Arabic", async () => {
    const event = await createEvent(admin, {
      title: "لقاء السجل",
      slug: `audit-event-${Date.now().toString(36)}`,
      description: "<p>وصف</p>",
      startsAt: new Date(Date.now() + 3 * 86_400_000),
      endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000),
      place: "الدمام",
      mapUrl: null,
      capacity: 10,
      registrationOpen: true,
      status: "published",
    });
    const registered = await registerForEvent(event.id, {
      fullName: "فاطمة الحاضرة",
      phone: "+966501234567",
      attendees: 1,
    });
    if (!registered) throw new Error("the registration was not kept");
    const id = registered.registration.id;
    await call(
      registrationsRoute.action as never,
      requestAs(editor, `/admin/dashboard/events/${event.id}/registrations`, {
        form: { intent: "attendance", id, attended: "yes" },
      }),
      { id: event.id },
    );
    expect(await latestOf(editor)).toMatchObject({
      subject: "event_registrations",
      action: "checked_in",
      itemId: id,
      itemLabel: "لقاء السجل",
      before: { attended: "لم يحضر" },
      after: { attended: "حضر" },
    });

    const volunteer = await registerVolunteer({
      fullName: "سلمان المتطوع",
      phone: "+966501234567",
      city: "dammam",
      interests: ["visits"],
      availability: ["weekends"],
      consent: "on",
    });
    const update = (status: string, staffNote: string) =>
      call(
        volunteersRoute.action as never,
        requestAs(editor, "/admin/dashboard/volunteers", {
          form: { intent: "update", id: volunteer.id, status, staffNote },
        }),
      );
    await update("contacted", "اتصلت به صباحاً");
    const moved = await latestOf(editor);
    expect(moved).toMatchObject({
      subject: "outreach",
      action: "state_changed",
      itemId: volunteer.id,
      before: { status: "جديد" },
      after: { status: "تم التواصل" },
    });
    await update("contacted", "سيحضر يوم السبت");
    expect(await latestOf(editor)).toMatchObject({ action: "noted", before: null, after: null });
    // Neither the person's name nor the note is in the log.
    expect(JSON.stringify(await rowsBy(editor))).not.toMatch(/فاطمة|سلمان|اتصلت|السبت/);
  });

  test("a campaign's buttons: a send refused (no subscribers) leaves no row, an archive change one", async () => {
    const campaign = await createCampaign(editor, {
      subject: "نشرة السجل",
      body: "<p>نص</p>",
      inArchive: true,
    });
    const before = (await rowsBy(editor)).length;
    const press = (form: Record<string, string>) =>
      call(
        campaignViewRoute.action as never,
        requestAs(editor, `/admin/dashboard/campaigns/${campaign.id}`, { form }),
        { id: campaign.id },
      );
    expect(statusOf(await press({ intent: "send-now" }))).toBe(400);
    expect((await rowsBy(editor)).length).toBe(before);
    expect(statusOf(await press({ intent: "archive" }))).toBe(302);
    expect((await rowsBy(editor)).length).toBe(before + 1);
    expect(await latestOf(editor)).toMatchObject({
      subject: "campaigns",
      action: "unarchived",
      itemId: campaign.id,
      itemLabel: "نشرة السجل",
    });
  });

  test("the screen's action filter and the CSV name them in Arabic", async () => {
    const PATH = "/admin/dashboard/audit-log";
    const checkIns = dataOf<{ rows: { action: string }[]; total: number }>(
      await call(logLoader as never, requestAs(admin, `${PATH}?action=checked_in`)),
    );
    expect(checkIns.total).toBe(1);
    const csv = await (
      (await call(exportLoader as never, requestAs(admin, `${PATH}/export`))) as Response
    ).text();
    for (const text of [
      "تسجيلات الفعاليات",
      "تسجيل حضور",
      "الحضور: من لم يحضر إلى حضر",
      "تغيير الحالة",
      "الحالة: من جديد إلى تم التواصل",
      "ملاحظة داخلية",
      "قوائم البطاقات",
      "مبادئ الحوكمة: «الشفافية»",
      "إخفاء من الأرشيف",
    ]) {
      expect(csv).toContain(text);
    }
  });
});

describe("append-only in the database", () => {
  test("UPDATE, DELETE and TRUNCATE are refused, an admin's SQL included", async () => {
    const [row] = await db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(
      db.execute(sql`update audit_log set actor_name = 'someone else' where id = ${row.id}`),
    ).rejects.toMatchObject(APPEND_ONLY);
    await expect(db.execute(sql`delete from audit_log where id = ${row.id}`)).rejects.toMatchObject(
      APPEND_ONLY,
    );
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject(APPEND_ONLY);
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(still).toEqual(row);
  });

  test("the retention trim removes only rows older than its period", async () => {
    const marker = `trim-${Date.now()}`;
    const old = new Date(Date.now() - 800 * 86_400_000);
    await db.insert(auditLog).values([
      { at: old, actorName: marker, actorRole: "admin", subject: "settings", action: "updated" },
      { actorName: marker, actorRole: "admin", subject: "settings", action: "updated" },
    ]);
    const removed = await trimAuditLog(730);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(auditLog).where(eq(auditLog.actorName, marker));
    expect(left).toHaveLength(1);
    expect(left[0].at.getTime()).toBeGreaterThan(old.getTime());
    // The trim's switch is transaction-local: a DELETE after it is refused again.
    await expect(
      db.execute(sql`delete from audit_log where actor_name = ${marker}`),
    ).rejects.toMatchObject(APPEND_ONLY);
  });
});

describe("the log's screen and CSV, for admins only", () => {
  const PATH = "/admin/dashboard/audit-log";

  test("editors and viewers are refused; the admin sees the donation account's change, last four only", async () => {
    await call(
      settingsRoute.action as never,
      requestAs(admin, "/admin/dashboard/settings", {
        form: {
          intent: "update-donation-account",
          title: "تبرّع",
          bank_name: "مصرف الراجحي",
          account_number: "608010167519",
          iban: "SA0380000000608010167519",
        },
      }),
    );
    expect(statusOf(await call(logLoader as never, requestAs(editor, PATH)))).toBe(403);
    expect(statusOf(await call(logLoader as never, requestAs(viewer, PATH)))).toBe(403);
    expect(statusOf(await call(exportLoader as never, requestAs(editor, `${PATH}/export`)))).toBe(
      403,
    );

    const answer = dataOf<{ rows: { subject: string; after: unknown }[]; total: number }>(
      await call(logLoader as never, requestAs(admin, `${PATH}?type=donation_account`)),
    );
    expect(answer.total).toBeGreaterThanOrEqual(1);
    expect(answer.rows.every((row) => row.subject === "donation_account")).toBe(true);
    expect(answer.rows[0].after).toMatchObject({ account_number: "••••7519" });

    const csv = await (
      (await call(
        exportLoader as never,
        requestAs(admin, `${PATH}/export?type=donation_account`),
      )) as Response
    ).text();
    expect(csv).toContain("حساب التبرعات");
    expect(csv).toContain("رقم الحساب: من (فارغ) إلى ••••7519");
    expect(csv).not.toContain("608010167519");
  });

  test("filters by who, action and dates narrow the list", async () => {
    const all = dataOf<{ total: number }>(await call(logLoader as never, requestAs(admin, PATH)));
    const editorsOnly = dataOf<{ rows: { actorName: string }[]; total: number }>(
      await call(logLoader as never, requestAs(admin, `${PATH}?who=${editor.id}&action=created`)),
    );
    expect(editorsOnly.total).toBeGreaterThanOrEqual(1);
    expect(editorsOnly.total).toBeLessThan(all.total);
    expect(editorsOnly.rows.every((row) => row.actorName === "محرر السجل")).toBe(true);
    const future = dataOf<{ total: number }>(
      await call(logLoader as never, requestAs(admin, `${PATH}?from=2999-01-01`)),
    );
    expect(future.total).toBe(0);
  });
});
