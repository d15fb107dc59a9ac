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
import { fetcherFailure } from "~/services/error-answers.server";
import { getStaffActor } from "~/services/permissions.server";
import { limitStaffUploads } from "~/services/staff-forms.server";
import type { ActionResult } from "~/shared/action-result";
import {
  CARD_LIST_MESSAGES,
  type CardListHistory,
  type CardListRefusal,
  type CardListSaved,
} from "~/shared/card-items";
import { parseForm } from "~/shared/form-validation";
import { assertRole } from "~/shared/roles";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/card-lists";
import { cardListIntentSchema } from "./card-lists-schema";

type Answer = ActionResult<CardListSaved, CardListRefusal>;

/** Refusals are answered as data: edit mode calls this route through a fetcher. */
const FAILURE = { failed: CARD_LIST_MESSAGES.failed, what: "card list request" };

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
  // Outside the try: a redirect (two-factor set-up first) is followed, not said as a message.
  const staff = await getStaffActor(request);
  try {
    const actor = assertRole(staff, "admin");
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
    return fetcherFailure<Extract<ActionResult<CardListHistory>, { ok: false }>>(error, FAILURE);
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
  const staff = await getStaffActor(request);
  try {
    const actor = assertRole(staff, "admin");
    const formData = await readFormData(request, FORM_CAPS.cardList);
    // Over the upload rate: a TooManyRequestsError, answered by fetcherFailure (429, Retry-After).
    await limitStaffUploads(actor, formData);
    const submission = parseForm(formData, { schema: cardListIntentSchema });
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
    return fetcherFailure<Extract<Answer, { ok: false; conflict?: false }>>(error, FAILURE);
  }
}
