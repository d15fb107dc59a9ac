import type { SubmissionResult } from "@conform-to/react";

/**
 * What actions answer, on both sides of the wire. A form answers an `IntentResult` (its Conform
 * reply, keyed by the form's `intent`); a request made in the background answers an `ActionResult`.
 */
/** A toast the server asks the page to show (after a redirect, in a cookie; or in an answer). */
export interface Toast {
  /** Set by toastHeader: a toast read twice (a repeated request) still shows once. */
  id?: string;
  type: "success" | "error" | "info";
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
  toast?: Toast;
  /** A lasting message shown with the form, for people who miss the toast. */
  notice?: { tone: "success" | "error"; message: string };
  /** Leave the page after a pause (the reset flow's timed redirects). */
  redirect?: { to: string; afterMs: number };
}

/**
 * What an action a page calls in the background answers (a list's row button, a role change, a
 * page text): `ok` with what it made, or the Arabic `message` saying why not (and whatever else
 * that refusal carries).
 */
export type ActionResult<Done extends object = object, Refused extends object = object> =
  | ({ ok: true } & Done)
  | ({ ok: false; message: string } & Refused);
