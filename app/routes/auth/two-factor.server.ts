import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { requireUser } from "~/services/permissions.server";
import {
  confirmTwoFactorSetup,
  getTwoFactorState,
  isTwoFactorRequired,
  replaceRecoveryCodes,
  startTwoFactorSetup,
  TwoFactorRequiredError,
  TwoFactorSetupExpiredError,
  takeRecoveryCodesToShow,
  turnOffTwoFactor,
} from "~/services/two-factor.server";
import { formAnswer } from "~/shared/action-result";
import {
  TWO_FACTOR_INTENTS,
  TWO_FACTOR_SETUP_PATH,
  type TwoFactorIntent,
  twoFactorConfirmSchema,
  twoFactorPasswordSchema,
} from "~/shared/auth-schemas";
import { parseForm } from "~/shared/form-validation";
import { homeFor } from "~/shared/paths";
import { type Actor, assertRole } from "~/shared/roles";
import { authErrorMessage } from "~/utils/auth-errors.server";
import { readFormData, refuseRequest } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

const FAILED = "تعذّر إكمال العملية";

/**
 * The page's data: the state (off, waiting for the first code, on), where "continue" leads,
 * and the recovery codes when a step has just made them (shown this once).
 */
export async function loadTwoFactorPage(request: Request) {
  // Not requireRole: it sends an admin who must set this up here, to this very page.
  const actor = assertRole(await requireUser(request), "editor");
  return {
    state: await getTwoFactorState(actor),
    required: isTwoFactorRequired(actor),
    home: homeFor(actor.role),
    recoveryCodes: await takeRecoveryCodesToShow(actor),
  };
}

function answer(
  result: Parameters<typeof formAnswer>[0] & { intent: TwoFactorIntent },
  init?: ResponseInit,
) {
  return formAnswer(result, init);
}

/**
 * Success reloads the page with a redirect: turning it on or off renews the session cookie,
 * and a page rendered in the same request (a form sent without JavaScript) would still carry
 * the old one.
 */
const done = (description: string, headers?: Headers) =>
  redirectWithToast(
    TWO_FACTOR_SETUP_PATH,
    { type: "success", title: "تم", description },
    { headers },
  );

type Reply = (options: {
  fieldErrors: Record<string, string[]>;
  hideFields: string[];
}) => SubmissionResult<string[]>;

function failure(intent: TwoFactorIntent, reply: Reply, error: unknown, field: string) {
  const message =
    error instanceof TwoFactorSetupExpiredError || error instanceof TwoFactorRequiredError
      ? error.message
      : authErrorMessage(error, FAILED);
  return answer(
    {
      intent,
      reply: reply({ fieldErrors: { [field]: [message] }, hideFields: ["password", "code"] }),
      toast: { type: "error", title: "خطأ", description: message },
    },
    { status: 400 },
  );
}

/** Steps that need the password first: start, turn off, new recovery codes. */
async function withPassword(
  intent: TwoFactorIntent,
  formData: FormData,
  run: (password: string) => Promise<Response | undefined>,
) {
  const submission = parseForm(formData, { schema: twoFactorPasswordSchema });
  if (submission.status !== "success") {
    return answer(
      { intent, reply: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  try {
    return (
      (await run(submission.value.password)) ??
      answer({ intent, reply: submission.reply({ resetForm: true }) })
    );
  } catch (error) {
    return failure(intent, submission.reply, error, "password");
  }
}

type Handler = (request: Request, actor: Actor, formData: FormData) => Promise<unknown>;

const HANDLERS: Record<TwoFactorIntent, Handler> = {
  // The page then shows the QR code (its loader reads the set-up waiting for confirmation).
  "two-factor-start": (request, actor, formData) =>
    withPassword("two-factor-start", formData, async (password) => {
      await startTwoFactorSetup(actor, password, request.headers);
      return undefined;
    }),

  async "two-factor-confirm"(request, actor, formData) {
    const submission = parseForm(formData, { schema: twoFactorConfirmSchema });
    if (submission.status !== "success") {
      return answer({ intent: "two-factor-confirm", reply: submission.reply() }, { status: 400 });
    }
    try {
      const { headers } = await confirmTwoFactorSetup(
        actor,
        submission.value.code,
        request.headers,
      );
      return done("فُعّل التحقق بخطوتين لحسابك", headers);
    } catch (error) {
      return failure("two-factor-confirm", submission.reply, error, "code");
    }
  },

  "two-factor-disable": (request, actor, formData) =>
    withPassword("two-factor-disable", formData, async (password) => {
      const { headers } = await turnOffTwoFactor(actor, password, request.headers);
      return done("أُوقف التحقق بخطوتين لحسابك", headers);
    }),

  "two-factor-new-codes": (request, actor, formData) =>
    withPassword("two-factor-new-codes", formData, async (password) => {
      await replaceRecoveryCodes(actor, password, request.headers);
      return done("أُنشئت رموز استرداد جديدة، وتوقفت القديمة");
    }),
};

export async function twoFactorPageAction(request: Request) {
  // Not requireRole: it sends an admin who must set this up here, to this very page.
  const actor = assertRole(await requireUser(request), "editor");
  const formData = await readFormData(request);
  const intent = z.enum(TWO_FACTOR_INTENTS).safeParse(formData.get("intent"));
  if (!intent.success) refuseRequest(400, "طلب غير صالح");
  return HANDLERS[intent.data](request, actor, formData);
}
