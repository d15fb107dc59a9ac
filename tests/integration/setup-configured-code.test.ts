import { expect, test, vi } from "vitest";
import { announceSetupLink } from "~/models/setup-code.server";
import { action as setupAction } from "~/routes/auth/setup";
import { db } from "~/utils/db.server";
import { verifications } from "../../database/schema";
import { requestAs } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call, replyErrorsOf, statusOf } from "../support/route-calls";

// Read once by getEnv(), before anything in this file asks for it.
vi.hoisted(() => {
  process.env.SETUP_CODE = "configured-setup-code-2026";
});

const account = { fullName: "مديرة الجمعية", email: "first@rifq.test", password: "First-admin-1" };
const postSetup = (code: string) =>
  call(setupAction, requestAs(null, "/setup", { form: { ...account, code } }));

test("with SETUP_CODE set, that code opens the setup and none is generated or logged", async () => {
  expectLog("logger.warn", /First run: open/);
  // The operator chose the code: the log names the page, not the code.
  expect(await announceSetupLink()).toBe("http://localhost:3000/setup");
  expect(await db.select().from(verifications)).toEqual([]);

  const wrong = await postSetup("configured-setup-code-2025");
  expect(replyErrorsOf(wrong)).toEqual({
    code: ["رمز الإعداد غير صحيح"],
  });
  // Spaces around a pasted code do not matter.
  expect(statusOf(await postSetup("  configured-setup-code-2026 "))).toBe(302);
  expect(await announceSetupLink()).toBeNull();
});
