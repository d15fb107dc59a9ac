import { parseWithZod } from "@conform-to/zod/v4";
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
import { getStaffActor } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import {
  PAGE_TEXT_MESSAGES,
  type PageTextHistory,
  type PageTextRefusal,
  type PageTextSaved,
} from "~/shared/content-blocks";
import { DomainError } from "~/shared/domain-errors";
import { assertRole } from "~/shared/roles";
import { isRefusedValue, REQUEST_INVALID_VALUES, readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/page-content";

/**
 * Refusals are answered as data, never thrown: the in-place editor calls this route through a
 * fetcher, and a thrown response would replace the whole page with the error screen.
 */
async function refusal<T extends { ok: false; message: string }>(
  error: unknown,
): Promise<ReturnType<typeof data<T>>> {
  // A redirect (two-factor set-up first) is followed, not turned into a message.
  if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
  // A body refused before it was read (readFormData's 4xx).
  if (error instanceof Response && error.status < 500) {
    const message = (await error.text()) || PAGE_TEXT_MESSAGES.failed;
    return data({ ok: false, message } as T, { status: error.status });
  }
  // The model's refusal (and assertRole's): its message and status, said in the editor.
  if (error instanceof DomainError) {
    return data({ ok: false, message: error.message } as T, { status: error.status });
  }
  if (isRefusedValue(error)) {
    return data({ ok: false, message: REQUEST_INVALID_VALUES } as T, { status: 400 });
  }
  logger.error({ err: error }, "page text request failed");
  return data({ ok: false, message: PAGE_TEXT_MESSAGES.failed } as T, { status: 500 });
}

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
  try {
    const actor = assertRole(await getStaffActor(request), "admin");
    const submission = parseWithZod(new URL(request.url).searchParams, {
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
    return refusal<Extract<ActionResult<PageTextHistory>, { ok: false }>>(error);
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
  try {
    const actor = assertRole(await getStaffActor(request), "admin");
    const submission = parseWithZod(await readFormData(request), { schema: pageTextIntentSchema });
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
    return refusal<
      Extract<ActionResult<PageTextSaved, PageTextRefusal>, { ok: false; conflict?: false }>
    >(error);
  }
}
