import { Inbox } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AnswerFiles, AnswerValues } from "~/components/admin/answer-values";
import { InboxCards, InboxScreen } from "~/components/admin/inbox-screen";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { ErrorScreen } from "~/components/error-screen";
import { buttonClass } from "~/components/ui/button";
import { getFormForStaff } from "~/models/built-forms.server";
import {
  ANSWERS_PAGE_SIZE,
  deleteAnswer,
  getAnswerForStaff,
  listAnswersForStaff,
} from "~/models/form-answers.server";
import { answerInboxAction } from "~/services/inbox.server";
import { getStaffActor, requireRole } from "~/services/permissions.server";
import { formatDateTime, isoDate } from "~/shared/dates";
import { NotFoundError } from "~/shared/domain-errors";
import type { FormField } from "~/shared/form-builder";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/answers";
import { type AnswerInboxRow, answerInbox, summaryFields, summaryRow } from "./answers-schema";

export const meta: Route.MetaFunction = () => [{ title: "إجابات النموذج | جمعية رفق" }];

/**
 * A form's answers, for editors and admins (docs/decisions/071): paged, searched. Each card shows
 * the answer's summary (its first answers, its mobile and e-mail, its files); the whole answer is
 * one link away — a request's staff page, or `?answer=<id>` here for a form that opens no request.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const form = await getFormForStaff(actor, params.id);
  if (!form) throw new NotFoundError("النموذج غير موجود");
  const url = new URL(request.url);
  const shown = { id: form.id, title: form.title, isRequest: form.isRequest };
  const answerId = url.searchParams.get("answer");
  if (answerId) {
    const answer = await getAnswerForStaff(actor, form.id, answerId);
    if (!answer) throw new NotFoundError("الإجابة غير موجودة");
    return { whole: { form: { ...shown, fields: form.fields }, answer } } as const;
  }
  const page = pageFrom(url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const fields = summaryFields(form.fields);
  const listed = await listAnswersForStaff(actor, form, {
    q,
    page,
    only: fields.map((field) => field.key),
  });
  return {
    whole: null,
    form: { ...shown, fields },
    answers: listed.items.map((row) => summaryRow(row, fields)),
    total: listed.total,
    page,
    hasMore: listed.hasMore,
    pageCount: Math.ceil(listed.total / ANSWERS_PAGE_SIZE),
  };
}

/** `intent=delete` (id): an admin erases one answer with its files and request. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await getFormForStaff(await getStaffActor(request), params.id);
  if (!form) throw new NotFoundError("النموذج غير موجود");
  return answerInboxAction(request, answerInbox(form), deleteAnswer);
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function FormAnswers() {
  const data = useLoaderData<typeof loader>();
  if (data.whole) return <WholeAnswer {...data.whole} />;
  const { form, answers, total, page, hasMore, pageCount } = data;
  const inbox = answerInbox(form);
  return (
    <InboxScreen
      inbox={inbox}
      csvHref={STAFF_PATHS.formAnswersExport(form.id)}
      back={{ to: STAFF_PATHS.forms.list, label: "العودة إلى النماذج" }}
      icon={Inbox}
      total={total}
      pages={{ page, hasMore, pageCount }}
    >
      <InboxCards
        inbox={inbox}
        rows={answers}
        label="الإجابات"
        actions={(answer) => (
          <>
            <Link
              to={
                answer.requestId
                  ? STAFF_PATHS.request(answer.requestId)
                  : `${STAFF_PATHS.formAnswers(form.id)}?answer=${answer.id}`
              }
              className={buttonClass("outline", "sm")}
            >
              {answer.requestId ? "افتح الطلب" : "الإجابة كاملة"}{" "}
              <span className="sr-only">{answer.reference ?? ""}</span>
            </Link>
            <AnswerFiles files={answer.files} />
          </>
        )}
      />
    </InboxScreen>
  );
}

/** One answer in full: every field the form asked, in its order, and its files. */
function WholeAnswer({
  form,
  answer,
}: {
  form: { id: string; title: string; fields: FormField[] };
  answer: AnswerInboxRow;
}) {
  return (
    <>
      <AdminPageHeader
        title={answer.reference ?? "إجابة"}
        description={`إجابة على «${form.title}»`}
        back={{ to: STAFF_PATHS.formAnswers(form.id), label: "العودة إلى الإجابات" }}
      />
      <section className="rounded-2xl border border-line bg-white p-5">
        <p className="text-sm text-muted">
          أُرسلت في{" "}
          <time dateTime={isoDate(answer.createdAt)}>{formatDateTime(answer.createdAt)}</time>
        </p>
        <AnswerValues fields={form.fields} values={answer.values} files={answer.files} />
      </section>
    </>
  );
}
