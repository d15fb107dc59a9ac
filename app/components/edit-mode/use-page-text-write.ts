import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/toasts";
import type { ActionResult } from "~/shared/action-result";
import {
  PAGE_TEXT_MESSAGES,
  type PageTextRefusal,
  type PageTextSaved,
} from "~/shared/content-blocks";

/** The resource route that saves, restores and lists page texts (app/routes/resources). */
export const PAGE_CONTENT_ENDPOINT = "/api/page-content";

export type WriteFields =
  | { intent: "save"; value: string; contentType: "text" | "html" }
  | { intent: "restore"; revisionId: string }
  | { intent: "reset" };

/**
 * Sends one page-text write through a fetcher (saving never navigates) and hands each answer
 * to `onResult` exactly once, after the page's loaders have been refreshed.
 */
export function usePageTextWrite(
  target: { pagePath: string; key: string },
  onResult: (result: ActionResult<PageTextSaved, PageTextRefusal>) => void,
) {
  const fetcher = useFetcher<ActionResult<PageTextSaved, PageTextRefusal>>();
  const handled = useRef<ActionResult<PageTextSaved, PageTextRefusal> | null>(null);
  const latestOnResult = useRef(onResult);
  latestOnResult.current = onResult;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    latestOnResult.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const { submit } = fetcher;
  const write = useCallback(
    (fields: WriteFields, expectedUpdatedAt: string | undefined) =>
      submit(
        {
          ...fields,
          pagePath: target.pagePath,
          contentKey: target.key,
          expectedUpdatedAt: expectedUpdatedAt ?? "",
        },
        { method: "post", action: PAGE_CONTENT_ENDPOINT },
      ),
    [submit, target.pagePath, target.key],
  );

  return { write, busy: fetcher.state !== "idle" };
}

/** A write a block wants sent; a new `id` is a new request. */
export interface PageTextRequest {
  id: number;
  fields: WriteFields;
  expectedUpdatedAt: string | undefined;
}

/**
 * Sends `request` once and reports its answer. A block renders it only while an editor session
 * exists, so the page does not hold a fetcher for each of its many blocks.
 */
export function PageTextWriter({
  target,
  request,
  onResult,
}: {
  target: { pagePath: string; key: string };
  request: PageTextRequest | undefined;
  onResult: (result: ActionResult<PageTextSaved, PageTextRefusal>) => void;
}) {
  const { write } = usePageTextWrite(target, onResult);
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (!request || sent.current === request.id) return;
    sent.current = request.id;
    write(request.fields, request.expectedUpdatedAt);
  }, [request, write]);
  return null;
}

/** Spec §8: 'تم الحفظ' / 'تم حفظ التغييرات بنجاح'. */
export function toastSaved() {
  showToast("success", "تم الحفظ", PAGE_TEXT_MESSAGES.saved);
}

/** Spec §8: 'خطأ' / 'فشل في حفظ التغييرات', with the server's reason when it gave one. */
export function toastSaveFailed(reason?: string) {
  const description =
    reason && reason !== PAGE_TEXT_MESSAGES.failed
      ? `${PAGE_TEXT_MESSAGES.failed}: ${reason}`
      : PAGE_TEXT_MESSAGES.failed;
  showToast("error", "خطأ", description);
}
