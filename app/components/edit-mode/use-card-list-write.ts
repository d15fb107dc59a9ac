import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/shared/action-result";
import type { CardListRefusal, CardListSaved } from "~/shared/card-items";
import type { CardListDefinition } from "~/shared/card-list-definitions";

/** The resource route that changes card lists and lists their history (app/routes/resources). */
export const CARD_LISTS_ENDPOINT = "/api/card-lists";

export type CardListAnswer = ActionResult<CardListSaved, CardListRefusal>;

/**
 * Sends list writes through one fetcher (a write never navigates) and hands each answer to
 * `onResult` once.
 */
export function useCardListWrite(
  list: CardListDefinition,
  onResult: (result: CardListAnswer) => void,
) {
  const fetcher = useFetcher<CardListAnswer>();
  const handled = useRef<CardListAnswer | null>(null);
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  const write = (fields: FormData | Record<string, string>, version: string | undefined) => {
    const body = fields instanceof FormData ? fields : toFormData(fields);
    body.set("pagePath", list.pagePath);
    body.set("listKey", list.key);
    body.set("expectedUpdatedAt", version ?? "");
    fetcher.submit(body, {
      method: "post",
      action: CARD_LISTS_ENDPOINT,
      encType: "multipart/form-data",
    });
  };
  return { write, busy: fetcher.state !== "idle" };
}

function toFormData(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}
