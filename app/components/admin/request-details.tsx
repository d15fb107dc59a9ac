import { formatDateTime, isoDate } from "~/shared/dates";
import type {
  FormAnswerValues,
  FormField,
  RequestEventKind,
  RequestState,
} from "~/shared/form-builder";
import { REQUEST_STATE_LABELS } from "~/shared/request-states";
import { type AnswerFile, AnswerValues } from "./answer-values";

/** A request's answer and history on its staff page (docs/decisions/072). */

export function RequestAnswer({
  found,
}: {
  found: {
    form: { fields: FormField[] };
    answer: { values: FormAnswerValues; createdAt: string | Date };
    files: AnswerFile[];
  };
}) {
  return (
    <section
      aria-labelledby="answer-heading"
      className="rounded-2xl border border-line bg-white p-5"
    >
      <h2 id="answer-heading" className="text-xl">
        ما أرسله صاحب الطلب
      </h2>
      <p className="mt-1 text-sm text-muted">
        أُرسل في{" "}
        <time dateTime={isoDate(found.answer.createdAt)}>
          {formatDateTime(found.answer.createdAt)}
        </time>
      </p>
      <AnswerValues fields={found.form.fields} values={found.answer.values} files={found.files} />
    </section>
  );
}

export interface RequestHistoryEntry {
  id: string;
  kind: RequestEventKind;
  fromState: RequestState | null;
  toState: RequestState | null;
  message: string | null;
  note: string | null;
  createdAt: string | Date;
  actorName: string | null;
  assigneeName: string | null;
}

/** What one history row says happened (who did it is said beside it). */
function happened(entry: RequestHistoryEntry): string {
  switch (entry.kind) {
    case "created":
      return "وصل الطلب";
    case "state":
      return `غيّر الحالة من «${REQUEST_STATE_LABELS[entry.fromState ?? "received"]}» إلى «${REQUEST_STATE_LABELS[entry.toState ?? "received"]}»`;
    case "assigned":
      return entry.note
        ? `أسند الطلب إلى ${entry.assigneeName ?? "حساب محذوف"}`
        : "ألغى إسناد الطلب";
    case "due":
      return entry.note ? `حدّد موعد الإنجاز ${entry.note}` : "ألغى موعد الإنجاز";
    case "note":
      return "كتب ملاحظة داخلية";
    case "withdrawn":
      return "سحب صاحب الطلب طلبه";
  }
}

export function RequestHistory({ history }: { history: RequestHistoryEntry[] }) {
  return (
    <section
      aria-labelledby="history-heading"
      className="rounded-2xl border border-line bg-white p-5"
    >
      <h2 id="history-heading" className="text-xl">
        سجل الطلب
      </h2>
      <ol className="mt-4 space-y-3">
        {history.map((entry) => (
          <li key={entry.id} className="border-s-4 border-line ps-3">
            <p>
              <strong>
                {entry.kind === "created" || entry.kind === "withdrawn"
                  ? "صاحب الطلب"
                  : (entry.actorName ?? "حساب محذوف")}
              </strong>{" "}
              {happened(entry)}
            </p>
            <p className="text-sm text-muted">
              <time dateTime={isoDate(entry.createdAt)}>{formatDateTime(entry.createdAt)}</time>
            </p>
            {entry.message && (
              <p className="mt-1 whitespace-pre-line rounded-xl bg-primary-light p-3 wrap-anywhere">
                <span className="font-medium">الرسالة إلى صاحب الطلب: </span>
                {entry.message}
              </p>
            )}
            {entry.kind === "note" && entry.note && (
              <p className="mt-1 whitespace-pre-line rounded-xl bg-surface p-3 wrap-anywhere">
                {entry.note}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
