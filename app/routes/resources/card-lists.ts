import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  addCard,
  type CardListOutcome,
  cardListTargetSchema,
  editCard,
  listCardListRevisions,
  moveCard,
  removeCard,
  resetCardList,
  restoreCardList,
} from "~/models/content-lists.server";
import { getStaffActor } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import {
  CARD_LIST_MESSAGES,
  type CardListHistory,
  type CardListRefusal,
  type CardListSaved,
} from "~/shared/card-items";
import { DomainError } from "~/shared/domain-errors";
import { assertRole } from "~/shared/roles";
import {
  isRefusedValue,
  REQUEST_INVALID_VALUES,
  readFormData,
  UPLOAD_MAX_BYTES,
} from "~/utils/form-data.server";
import { ImageUploadError } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/card-lists";
import { cardListIntentSchema } from "./card-lists-schema";

type Answer = ActionResult<CardListSaved, CardListRefusal>;

/**
 * Refusals are answered as data, never thrown: edit mode calls this route through a fetcher,
 * and a thrown response would replace the whole page with the error screen.
 */
async function refusal<T extends { ok: false; message: string }>(error: unknown) {
  if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
  if (error instanceof Response && error.status < 500) {
    const message = (await error.text()) || CARD_LIST_MESSAGES.failed;
    return data({ ok: false, message } as T, { status: error.status });
  }
  if (error instanceof DomainError) {
    return data({ ok: false, message: error.message } as T, { status: error.status });
  }
  if (error instanceof ImageUploadError) {
    return data({ ok: false, message: error.message } as T, { status: 422 });
  }
  if (isRefusedValue(error)) {
    return data({ ok: false, message: REQUEST_INVALID_VALUES } as T, { status: 400 });
  }
  logger.error({ err: error }, "card list request failed");
  return data({ ok: false, message: CARD_LIST_MESSAGES.failed } as T, { status: 500 });
}

const ARABIC = /[\u0600-\u06FF]/;

/** The first Arabic message among the errors; zod's own (English) wording says 'طلب غير صالح'. */
function firstError(errors: Record<string, string[] | null> | null | undefined): string {
  const messages = Object.values(errors ?? {}).flat();
  return (
    messages.find((message): message is string => ARABIC.test(message ?? "")) ??
    CARD_LIST_MESSAGES.invalidRequest
  );
}

/** GET ?pagePath&listKey — a list's history for the editor (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const actor = assertRole(await getStaffActor(request), "admin");
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const target = cardListTargetSchema.safeParse(params);
    if (!target.success) {
      return data<ActionResult<CardListHistory>>(
        { ok: false, message: CARD_LIST_MESSAGES.unknownList },
        { status: 400 },
      );
    }
    const history = await listCardListRevisions(actor, target.data);
    return data<ActionResult<CardListHistory>>({ ok: true, ...history });
  } catch (error) {
    return refusal<Extract<ActionResult<CardListHistory>, { ok: false }>>(error);
  }
}

function answer(outcome: CardListOutcome) {
  if (outcome.status === "conflict") {
    return data<Answer>(
      { ok: false, conflict: true, current: outcome.current, message: CARD_LIST_MESSAGES.conflict },
      { status: 409 },
    );
  }
  return data<Answer>({ ok: true, list: outcome.list, before: outcome.before });
}

/**
 * POST intent=add|edit|remove|move|restore|reset — list writes, for admins only (checked here before
 * the body is read, and again in the model).
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    const actor = assertRole(await getStaffActor(request), "admin");
    const formData = await readFormData(request, { maxBytes: UPLOAD_MAX_BYTES });
    const submission = parseWithZod(formData, { schema: cardListIntentSchema });
    if (submission.status !== "success") {
      return data<Answer>(
        { ok: false, message: firstError(submission.reply().error) },
        { status: 400 },
      );
    }
    const { pagePath, listKey, expectedUpdatedAt } = submission.value;
    const base = { target: { pagePath, listKey }, expectedUpdatedAt };
    const value = submission.value;
    switch (value.intent) {
      case "add":
        return answer(
          await addCard(actor, {
            ...base,
            fields: {
              title: value.title,
              text: value.text,
              icon: value.icon,
              link: value.link,
              imageAlt: value.imageAlt,
            },
            image: value.image,
            position: value.position,
          }),
        );
      case "edit":
        return answer(
          await editCard(actor, {
            ...base,
            itemKey: value.itemKey,
            details: { icon: value.icon, link: value.link, imageAlt: value.imageAlt },
            image: value.image,
            removeImage: value.removeImage,
          }),
        );
      case "remove":
        return answer(await removeCard(actor, { ...base, itemKey: value.itemKey }));
      case "move":
        return answer(
          await moveCard(actor, { ...base, itemKey: value.itemKey, direction: value.direction }),
        );
      case "restore":
        return answer(await restoreCardList(actor, { ...base, revisionId: value.revisionId }));
      case "reset":
        return answer(await resetCardList(actor, base));
    }
  } catch (error) {
    return refusal<Extract<Answer, { ok: false; conflict?: false }>>(error);
  }
}
