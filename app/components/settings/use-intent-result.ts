import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { useActionData } from "react-router";
import { toast } from "sonner";

export interface ActionToast {
  type: "success" | "error";
  title: string;
  description?: string;
}

/**
 * What an action answers for one form of a screen with several (each form posts its own
 * `intent`). Redirects carry their toast in a cookie; answers that stay on the page carry it here.
 */
export interface IntentResult<Intent extends string = string> {
  intent: Intent;
  reply: SubmissionResult<string[]>;
  toast?: ActionToast;
  /** A lasting message shown with the form, for people who miss the toast. */
  notice?: { tone: "success" | "error"; message: string };
  /** Leave the page after a pause (the reset flow's timed redirects). */
  redirect?: { to: string; afterMs: number };
}

/** Answers whose toast has been shown: a form re-mounted after a save must not show it again. */
const toastsShown = new WeakSet<IntentResult>();

/** The action's answer when it belongs to `intent`, showing its toast once. */
export function useIntentResult(intent: string): IntentResult | undefined {
  const actionData = useActionData() as IntentResult | undefined;
  const result = actionData?.intent === intent ? actionData : undefined;
  useEffect(() => {
    if (!result?.toast || toastsShown.has(result)) return;
    toastsShown.add(result);
    const show = result.toast.type === "error" ? toast.error : toast.success;
    show(result.toast.title, { description: result.toast.description });
  }, [result]);
  return result;
}
