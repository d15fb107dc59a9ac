import { data } from "react-router";
import {
  blockTargetSchema,
  listPageTextRevisions,
  type PageTextOutcome,
  pageTextIntentSchema,
  resetPageText,
  restorePageTextRevision,
  savePageText,
} from "~/models/page-content.server";
import { fetcherFailure } from "~/services/error-answers.server";
import { getStaffActor } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import {
  PAGE_TEXT_MESSAGES,
  type PageTextHistory,
  type PageTextRefusal,
  type PageTextSaved,
} from "~/shared/content-blocks";
import { parseForm } from "~/shared/form-validation";
import { assertRole } from "~/shared/roles";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/page-content";

/** Refusals are answered as data: the in-place editor calls this route through a fetcher. */
const FAILURE = { failed: PAGE_TEXT_MESSAGES.failed, what: "page text request" };

const OWN_MESSAGES = new Set<string>(Object.values(PAGE_TEXT_MESSAGES));

/**
 * The first of our Arabic messages among the errors; zod's own (English) wording, which only a
 * forged request can bring out (a list for `intent`, an unknown type), becomes 'طلب غير صالح'.
 */
function firstError(errors: Record<string, string[] | null> | null | undefined): string {
  const messages = Object.values(errors ?? {}).flat();
  return (
    messages.find((message): message is string => OWN_MESSAGES.has(message ?? "")) ??
    PAGE_TEXT_MESSAGES.invalidRequest
  );
}

/** GET ?pagePath&contentKey — a block's history for the editor (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  // Outside the try: a redirect (two-factor set-up first) is followed, not said as a message.
  const staff = await getStaffActor(request);
  try {
    const actor = assertRole(staff, "admin");
    const submission = parseForm(new URL(request.url).searchParams, {
      schema: blockTargetSchema,
    });
    if (submission.status !== "success") {
      return data<ActionResult<PageTextHistory>>(
        { ok: false, message: firstError(submission.reply().error) },
        { status: 400 },
      );
    }
    const history = await listPageTextRevisions(actor, submission.value);
    return data<ActionResult<PageTextHistory>>({ ok: true, ...history });
  } catch (error) {
    return fetcherFailure<Extract<ActionResult<PageTextHistory>, { ok: false }>>(error, FAILURE);
  }
}

function answer(outcome: PageTextOutcome) {
  if (outcome.status === "conflict") {
    return data<ActionResult<PageTextSaved, PageTextRefusal>>(
      { ok: false, conflict: true, current: outcome.current, message: PAGE_TEXT_MESSAGES.conflict },
      { status: 409 },
    );
  }
  return data<ActionResult<PageTextSaved, PageTextRefusal>>({ ok: true, block: outcome.block });
}

/** POST intent=save|restore|reset — page-text writes, for admins only (checked here and in the model). */
export async function action({ request }: Route.ActionArgs) {
  const staff = await getStaffActor(request);
  try {
    const actor = assertRole(staff, "admin");
    const submission = parseForm(await readFormData(request), { schema: pageTextIntentSchema });
    if (submission.status !== "success") {
      return data<ActionResult<PageTextSaved, PageTextRefusal>>(
        { ok: false, message: firstError(submission.reply().error) },
        { status: 400 },
      );
    }
    switch (submission.value.intent) {
      case "save":
        return answer(await savePageText(actor, submission.value));
      case "restore":
        return answer(await restorePageTextRevision(actor, submission.value));
      case "reset":
        return answer(await resetPageText(actor, submission.value));
    }
  } catch (error) {
    return fetcherFailure<
      Extract<ActionResult<PageTextSaved, PageTextRefusal>, { ok: false; conflict?: false }>
    >(error, FAILURE);
  }
}
