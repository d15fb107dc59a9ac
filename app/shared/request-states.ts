import type { RequestState } from "./form-builder";

/**
 * What a request's state means to the person who sent it and to staff, and how staff move it
 * along (docs/decisions/072). The follow-up page, the e-mails and the inbox all read it here.
 */

/** A request's state in plain Arabic. */
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  received: "وصل الطلب",
  in_review: "قيد الدراسة",
  scheduled: "تحدّد موعد",
  done: "تمّ",
  declined: "اعتذرنا عنه",
  withdrawn: "سحبتَه",
};

/** What the state means, said to the person on their follow-up page and in their e-mails. */
export const REQUEST_STATE_MEANINGS: Record<RequestState, string> = {
  received: "وصلنا طلبك وسيطّلع عليه فريق الجمعية قريباً.",
  in_review: "يدرس فريق الجمعية طلبك الآن، وقد يتصل بك لسؤال أو توضيح.",
  scheduled: "حدّد فريق الجمعية موعداً لطلبك، وتجد تفاصيله في رسالة الفريق.",
  done: "أنجز فريق الجمعية طلبك. شكراً لثقتك بنا.",
  declined: "اعتذر فريق الجمعية عن هذا الطلب، وتجد السبب في رسالة الفريق.",
  withdrawn: "سحبت هذا الطلب، فلن يعمل عليه فريق الجمعية.",
};

/** The states a request is still worked in: "mine", "overdue" and the dashboard count them. */
export const OPEN_REQUEST_STATES = [
  "received",
  "in_review",
  "scheduled",
] as const satisfies readonly RequestState[];

export const isOpenRequest = (state: RequestState) =>
  (OPEN_REQUEST_STATES as readonly RequestState[]).includes(state);

/**
 * Where staff may move a request from each state. A finished request (done, declined,
 * withdrawn) stays finished: a new need is a new request.
 */
export const REQUEST_TRANSITIONS: Record<RequestState, readonly RequestState[]> = {
  received: ["in_review", "scheduled", "declined"],
  in_review: ["scheduled", "done", "declined"],
  scheduled: ["in_review", "done", "declined"],
  done: [],
  declined: [],
  withdrawn: [],
};

/** States staff move a request to (withdrawing is the person's only). */
export const STAFF_TARGET_STATES = [
  "in_review",
  "scheduled",
  "done",
  "declined",
] as const satisfies readonly RequestState[];

export const mayMoveRequest = (from: RequestState, to: RequestState) =>
  REQUEST_TRANSITIONS[from].includes(to);

/** A move the person must be told about in words: when and where, or why not. */
export const MESSAGE_REQUIRED_STATES: readonly RequestState[] = ["scheduled", "declined"];

/** The staff member's name is never shown to the person: the association speaks as a team. */
export const REQUEST_TEAM_NAME = "فريق الجمعية";

/** The inbox's "show" filter: whose requests and which are late. */
export const requestQueues = ["mine", "unassigned", "overdue"] as const;
export type RequestQueue = (typeof requestQueues)[number];
export const REQUEST_QUEUE_LABELS: Record<RequestQueue, string> = {
  mine: "المسندة إليّ",
  unassigned: "غير المسندة",
  overdue: "المتأخرة",
};
