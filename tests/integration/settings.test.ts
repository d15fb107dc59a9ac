import { PGlite } from "@electric-sql/pglite";
import { desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { trimAuditLog } from "~/models/audit-log.server";
import {
  getSettings,
  getSettingsForAdmin,
  isRegistrationAllowed,
  updateSetting,
} from "~/models/site-settings.server";
import { action, loader } from "~/routes/admin/settings";
import { getAuth } from "~/services/auth.server";
import type { Toast } from "~/shared/action-result";
import { createPgliteHandle, db, getDatabaseHandle, installDatabase } from "~/utils/db.server";
import { auditLog, siteSettings } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call, dataOf, readOutbox, statusOf } from "../support/route-calls";

const PATH = "/admin/dashboard/settings";

interface Answer {
  intent: string;
  reply: { status?: string; error?: Record<string, string[] | null> | null };
  toast?: Toast;
}

const post = (who: TestUser | null, form: Record<string, string>) =>
  call(action, requestAs(who, PATH, { form }));

const VALID_FORMS = {
  "update-registration": { allow_registration: "on" },
  "update-social-links": {
    facebook: "https://facebook.com/rifq",
    youtube: "https://youtube.com/@rifq",
  },
  "update-contact-info": {
    phone: "+966 13 555 1234",
    email: "contact@rifq.org.sa",
    address: "الخبر، المنطقة الشرقية",
  },
  "update-donation-account": {
    title: "تبرّع لدعم كبار السن",
    description: "",
    account_number: "608010167519",
    bank_name: "مصرف الراجحي",
    iban: "sa03 8000 0000 6080 1016 7519",
  },
  "update-site-url": { site_url: "https://rifq.org.sa/" },
} as const;

const FAILURES = {
  "update-registration": "فشل في تحديث إعدادات التسجيل",
  "update-social-links": "فشل في تحديث الروابط",
  "update-contact-info": "فشل في تحديث معلومات الاتصال",
  "update-donation-account": "فشل في تحديث حساب التبرعات",
  "update-site-url": "فشل في تحديث رابط الموقع",
} as const;

type Intent = keyof typeof VALID_FORMS;
const INTENTS = Object.keys(VALID_FORMS) as Intent[];

const formFor = (intent: Intent, overrides: Record<string, string> = {}) => ({
  intent,
  ...VALID_FORMS[intent],
  ...overrides,
});

/** Makes every read and write of site_settings fail, as a broken database would. */
async function withSettingsTableGone(run: () => Promise<void>, table = "site_settings") {
  await db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    await run();
  } finally {
    await db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

let admin: TestUser;
let secondAdmin: TestUser;
let editor: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  [admin, secondAdmin, editor, viewer] = await Promise.all([
    createUser("admin", "مديرة الجمعية"),
    createUser("admin", "مدير ثان"),
    createUser("editor"),
    createUser("viewer"),
  ]);
});

afterEach(async () => {
  await db.delete(siteSettings).where(sql`${siteSettings.key} <> 'setup'`);
  // The audit log refuses DELETE: its retention trim (from a day ahead) empties it.
  await trimAuditLog(0, new Date(Date.now() + 86_400_000));
});

describe("the settings screen's loader", () => {
  test("admins get every setting (defaults until stored); editors only their account; viewers 403", async () => {
    const forAdmin = dataOf<{ site: { settings: unknown; siteUrl: string } | null }>(
      await call(loader, requestAs(admin, PATH)),
    );
    expect(forAdmin.site?.settings).toMatchObject({
      registration_control: { allow_registration: true },
      contact_info: { phone: "+966 13 000 0000" },
      site_url: null,
    });
    // Without a stored address, the form starts from the one the server runs under.
    expect(forAdmin.site?.siteUrl).toBe("http://localhost:3000");

    const forEditor = dataOf<{ user: { email: string }; site: unknown }>(
      await call(loader, requestAs(editor, PATH)),
    );
    expect(forEditor.site).toBeNull();
    expect(forEditor.user.email).toBe(editor.email);
    // Viewers keep their account at /profile; the staff screen refuses them.
    expect(statusOf(await call(loader, requestAs(viewer, PATH)))).toBe(403);
    const signedOut = await call(loader, requestAs(null, PATH));
    expect(statusOf(signedOut)).toBe(302);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  test("a failed read says 'فشل في تحميل الإعدادات' instead of offering defaults", async () => {
    expectLog("logger.error", /failed to load the site settings/);
    await withSettingsTableGone(async () => {
      const answer = dataOf<{ site: unknown; loadError: string }>(
        await call(loader, requestAs(admin, PATH)),
      );
      expect(answer).toMatchObject({ site: null, loadError: "فشل في تحميل الإعدادات" });
    });
  });
});

describe("saving a section", () => {
  test.each(INTENTS)("%s: an admin's save is stored and answered 'تم التحديث'", async (intent) => {
    const result = await post(admin, formFor(intent));
    expect(statusOf(result)).toBe(200);
    const answer = dataOf<Answer>(result);
    expect(answer.intent).toBe(intent);
    expect(answer.toast).toMatchObject({ type: "success", title: "تم التحديث" });
    expect(answer.reply.status).toBe("success");
  });

  test("the stored values are the validated, normalised ones", async () => {
    for (const intent of INTENTS) await post(admin, formFor(intent));
    const stored = await getSettingsForAdmin(admin);
    expect(stored).toEqual({
      registration_control: { allow_registration: true },
      social_links: {
        facebook: "https://facebook.com/rifq",
        twitter: "",
        instagram: "",
        youtube: "https://youtube.com/@rifq",
      },
      contact_info: VALID_FORMS["update-contact-info"],
      donation_account: {
        ...VALID_FORMS["update-donation-account"],
        // An empty description shows the default one (spec §2.2 /donate).
        description: expect.stringContaining("تبرعك"),
        iban: "SA0380000000608010167519",
      },
      site_url: "https://rifq.org.sa",
    });
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, "site_url"));
    expect(row).toMatchObject({ value: "https://rifq.org.sa", updatedBy: admin.id });
  });

  test("unticking registration closes sign-up on the server", async () => {
    await post(admin, { intent: "update-registration" });
    expect(await isRegistrationAllowed()).toBe(false);
    const refused = await getAuth()
      .api.signUpEmail({
        body: { name: "زائر", email: "visitor@example.test", password: "Visitor-2026" },
        headers: new Headers({ origin: "http://localhost:3000" }),
      })
      .catch((error) => error);
    expect(refused.statusCode).toBe(403);

    await post(admin, formFor("update-registration"));
    expect(await isRegistrationAllowed()).toBe(true);
  });

  test("invalid input is refused with the spec's messages and nothing is stored", async () => {
    const result = await post(
      admin,
      formFor("update-contact-info", { phone: "call us", address: "" }),
    );
    expect(statusOf(result)).toBe(400);
    expect(dataOf<Answer>(result).reply.error).toMatchObject({
      phone: ["رقم الهاتف غير صحيح"],
      address: ["العنوان مطلوب"],
    });
    expect(dataOf<Answer>(result).toast).toBeUndefined();
    expect((await getSettings(["contact_info"])).contact_info.phone).toBe("+966 13 000 0000");

    const badIban = await post(
      admin,
      formFor("update-donation-account", { iban: "SA03 8000 0000 6080 1016 7518" }),
    );
    expect(dataOf<Answer>(badIban).reply.error?.iban?.[0]).toMatch(/^رقم الآيبان غير صحيح/);
  });

  test("an unknown intent is a bad request", async () => {
    expect(statusOf(await post(admin, { intent: "update-everything" }))).toBe(400);
  });
});

describe("a save the database refuses", () => {
  test.each(INTENTS)(
    "%s: answers 'خطأ' with the section's message, never success",
    async (intent) => {
      expectLog("logger.error", /failed to save a site setting/);
      await withSettingsTableGone(async () => {
        const result = await post(admin, formFor(intent));
        expect(statusOf(result)).toBe(500);
        const answer = dataOf<Answer>(result);
        expect(answer.toast).toEqual({
          type: "error",
          title: "خطأ",
          description: FAILURES[intent],
        });
        expect(answer.reply.error?.[""]).toEqual([FAILURES[intent]]);
      });
    },
  );

  test("with the database closed, the model throws instead of pretending to save", async () => {
    expectLog("logger.error", /failed to read the session|better-auth: INTERNAL_SERVER_ERROR/);
    const live = getDatabaseHandle();
    const client = await PGlite.create();
    const closed = createPgliteHandle(client);
    await closed.close();
    installDatabase(closed);
    try {
      await expect(
        updateSetting(admin, "contact_info", VALID_FORMS["update-contact-info"]),
      ).rejects.toThrow();
      // The action cannot even tell who is asking, so it sends them to sign in: no success.
      const result = await post(admin, formFor("update-contact-info"));
      expect(statusOf(result)).toBe(302);
    } finally {
      installDatabase(live);
    }
    // A second embedded database starts here: compiling its WebAssembly takes seconds on a busy machine.
  }, 60_000);
});

describe("who may save", () => {
  test("editors and viewers are refused every site section (403); visitors go to /login", async () => {
    for (const intent of INTENTS) {
      for (const who of [editor, viewer]) {
        expect(statusOf(await post(who, formFor(intent)))).toBe(403);
      }
      const signedOut = await post(null, formFor(intent));
      expect(statusOf(signedOut)).toBe(302);
      expect((signedOut as Response).headers.get("location")).toMatch(/^\/login/);
    }
    expect(await db.select().from(siteSettings).where(sql`key <> 'setup'`)).toEqual([]);
  });

  test("the model refuses non-admins too, whatever route calls it", async () => {
    await expect(updateSetting(editor, "site_url", "https://evil.test")).rejects.toMatchObject({
      status: 403,
    });
    await expect(updateSetting(null, "site_url", "https://evil.test")).rejects.toMatchObject({
      status: 401,
    });
    await expect(getSettingsForAdmin(viewer)).rejects.toMatchObject({ status: 403 });
  });

  test("staff save their own name through the same screen; viewers use /profile", async () => {
    const result = await post(editor, { intent: "update-profile", fullName: "محرر جديد" });
    expect(dataOf<Answer>(result).toast?.title).toBe("تم التحديث");
    expect(statusOf(await post(viewer, { intent: "update-profile", fullName: "مشاهد" }))).toBe(403);
  });
});

describe("the donation account's audit trail", () => {
  const audits = (subject = "donation_account") =>
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, subject))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
  const noticesTo = (email: string) =>
    readOutbox().filter((m) => m.to === email && m.subject.includes("حساب التبرعات"));

  test("each change is recorded in the audit log with who and the changed fields (last four), and mailed to every admin", async () => {
    const before = {
      admin: noticesTo(admin.email).length,
      second: noticesTo(secondAdmin.email).length,
    };
    await post(admin, formFor("update-donation-account"));
    await post(
      secondAdmin,
      formFor("update-donation-account", {
        account_number: "123456789012",
        iban: "SA44 2000 0001 2345 6789 1234",
      }),
    );

    const [latest, first] = await audits();
    expect(first).toMatchObject({
      subject: "donation_account",
      action: "updated",
      actorId: admin.id,
      actorName: "مديرة الجمعية",
      actorRole: "admin",
    });
    expect(first.after).toMatchObject({ iban: "••••7519" });
    expect(latest).toMatchObject({ actorId: secondAdmin.id, actorName: "مدير ثان" });
    expect(latest.before).toEqual({ account_number: "••••7519", iban: "••••7519" });
    expect(latest.after).toEqual({ account_number: "••••9012", iban: "••••1234" });
    expect(JSON.stringify(await audits())).not.toContain("608010167519");

    // Both admins got both notices; editors and viewers none.
    expect(noticesTo(admin.email).length - before.admin).toBe(2);
    expect(noticesTo(secondAdmin.email).length - before.second).toBe(2);
    expect(noticesTo(editor.email)).toEqual([]);
    expect(noticesTo(viewer.email)).toEqual([]);

    const notice = noticesTo(admin.email).at(-1)?.text ?? "";
    expect(notice).toContain("مدير ثان");
    expect(notice).toContain(secondAdmin.email);
    expect(notice).toContain("رقم الحساب: من ••••7519 إلى ••••9012");
    expect(notice).toContain("رقم الآيبان: من ••••7519 إلى ••••1234");
    expect(notice).not.toContain("608010167519");
    expect(notice).not.toContain("123456789012");
    expect(notice).not.toContain("SA4420000001234567891234");
    expect(notice).not.toContain("اسم البنك");
    expect(notice).toContain("http://localhost:3000/admin/dashboard/settings");
  });

  test("saving the same details again records and mails nothing", async () => {
    await post(admin, formFor("update-donation-account"));
    const mails = readOutbox().length;
    const again = await post(admin, formFor("update-donation-account"));
    expect(dataOf<Answer>(again).toast?.title).toBe("تم التحديث");
    expect(await audits()).toHaveLength(1);
    expect(readOutbox()).toHaveLength(mails);
  });

  test("the save and its record stand or fall together", async () => {
    expectLog("logger.error", /failed to save a site setting/);
    await withSettingsTableGone(async () => {
      const result = await post(admin, formFor("update-donation-account"));
      expect(dataOf<Answer>(result).toast?.description).toBe("فشل في تحديث حساب التبرعات");
    }, "audit_log");
    const [stored] = await db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, "donation_account"));
    expect(stored).toBeUndefined();
  });

  test("other settings are audited as settings, the donation account's trail untouched", async () => {
    await post(admin, formFor("update-contact-info"));
    expect(await audits()).toEqual([]);
    const [contact] = await audits("settings");
    expect(contact).toMatchObject({ action: "updated", itemId: "contact_info", actorId: admin.id });
  });
});
