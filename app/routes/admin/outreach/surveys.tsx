import { BarChart3 } from "lucide-react";
import { Form, Link, useLoaderData } from "react-router";
import {
  EraseButton,
  FieldValue,
  InboxPageLinks,
  InboxScreen,
} from "~/components/admin/inbox-screen";
import { STAFF_PATHS } from "~/components/admin/staff-paths";
import { SurveyChart } from "~/components/admin/survey-chart";
import { ErrorScreen } from "~/components/error-screen";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { FEEDBACK_AUDIENCES, SATISFACTION_SCALE } from "~/content/feedback";
import {
  deleteSurveyResponse,
  SURVEY_COMMENTS_PAGE_SIZE,
  surveyResultsForStaff,
} from "~/models/surveys.server";
import { answerInboxAction } from "~/services/inbox.server";
import { requireRole } from "~/services/permissions.server";
import { cn } from "~/shared/cn";
import { fieldsAt } from "~/shared/inbox-fields";
import { surveyRangeOf } from "~/shared/outreach-filters";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/surveys";
import { surveyInbox } from "./surveys-schema";

export const meta: Route.MetaFunction = () => [{ title: "نتائج الاستبيانات | جمعية رفق" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  const { fromText, toText, ...range } = surveyRangeOf(new URL(request.url));
  const page = pageFrom(request.url);
  const { comments, ...results } = await surveyResultsForStaff(actor, range, page);
  return {
    audience: range.audience,
    from: fromText,
    to: toText,
    ...results,
    comments: comments.items,
    commentCount: comments.total,
    page,
    hasMore: comments.hasMore,
    pageCount: Math.ceil(comments.total / SURVEY_COMMENTS_PAGE_SIZE),
  };
}

/** An admin deletes one answer when its author asks to be forgotten. */
export async function action({ request }: Route.ActionArgs) {
  return answerInboxAction(request, surveyInbox("visitors"), deleteSurveyResponse);
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

export default function SurveyResults() {
  const { audience, from, to, count, questions, comments, commentCount, page, hasMore, pageCount } =
    useLoaderData<typeof loader>();
  const inbox = surveyInbox(audience);
  const query = new URLSearchParams({ audience, ...(from && { from }), ...(to && { to }) });
  return (
    <InboxScreen
      inbox={inbox}
      csvHref={`${STAFF_PATHS.surveysExport}?${query}`}
      icon={BarChart3}
      searching={Boolean(from || to)}
      total={count}
      above={
        <>
          <nav aria-label="الاستبيان" className="mb-4 flex flex-wrap gap-2">
            {FEEDBACK_AUDIENCES.map((item) => (
              <Link
                key={item.audience}
                to={`?${new URLSearchParams({ audience: item.audience, ...(from && { from }), ...(to && { to }) })}`}
                aria-current={item.audience === audience ? "page" : undefined}
                className={buttonClass(item.audience === audience ? "default" : "outline")}
              >
                {item.title}
              </Link>
            ))}
          </nav>
          <Form
            method="get"
            className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-4"
          >
            <input type="hidden" name="audience" value={audience} />
            {[
              { name: "from", label: "من تاريخ", value: from },
              { name: "to", label: "إلى تاريخ", value: to },
            ].map((day) => (
              <div key={day.name} className="min-w-0 flex-[1_1_12rem] space-y-1">
                <label htmlFor={`survey-${day.name}`} className="block font-medium">
                  {day.label}
                </label>
                <input
                  id={`survey-${day.name}`}
                  type="date"
                  name={day.name}
                  defaultValue={day.value ?? ""}
                  className={inputClass}
                  key={`${day.name}-${day.value}`}
                />
              </div>
            ))}
            <Button type="submit" variant="outline">
              عرض
            </Button>
          </Form>
        </>
      }
    >
      <div className="space-y-8">
        <section
          aria-labelledby="chart-heading"
          className="rounded-2xl border border-line bg-white p-4"
        >
          <h2 id="chart-heading" className="mb-3 text-xl">
            متوسط التقييم لكل سؤال (من 5)
          </h2>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
            <ol className="space-y-2">
              {questions.map((question, index) => (
                <li key={question.key} className="flex min-h-[2.75rem] items-center">
                  {index + 1}. {question.text}
                </li>
              ))}
            </ol>
            <SurveyChart questions={questions} />
          </div>
        </section>
        <section aria-labelledby="distribution-heading">
          <h2 id="distribution-heading" className="mb-3 text-xl">
            توزيع التقييمات
          </h2>
          {/* Wider than a phone: the table scrolls in its own box, which a keyboard can
                focus and scroll too (docs/decisions/042). */}
          <section
            aria-label="توزيع التقييمات، يُمرَّر أفقياً"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to scroll by keyboard
            tabIndex={0}
            className="overflow-x-auto rounded-2xl"
          >
            <table className="w-full min-w-[40rem] rounded-2xl border border-line bg-white">
              <thead className="bg-surface">
                <tr>
                  <th scope="col" className="p-3 text-start">
                    السؤال
                  </th>
                  <th scope="col" className="p-3">
                    المتوسط
                  </th>
                  {SATISFACTION_SCALE.map((step) => (
                    <th key={step.value} scope="col" className="p-3">
                      {step.value} ({step.label})
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {questions.map((question) => (
                  <tr key={question.key} className="border-t border-line">
                    <th scope="row" className="p-3 text-start font-normal">
                      {question.text}
                    </th>
                    <td className="p-3 text-center font-bold">
                      {question.average === null ? "—" : question.average.toFixed(1)}
                    </td>
                    {question.distribution.map((n, index) => (
                      <td
                        key={SATISFACTION_SCALE[index].value}
                        className={cn("p-3 text-center", !n && "text-muted")}
                      >
                        {n}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
        <section aria-labelledby="comments-heading">
          <h2 id="comments-heading" className="mb-3 text-xl">
            التعليقات وطلبات التواصل ({commentCount})
          </h2>
          {commentCount === 0 ? (
            <p className="text-muted">لا توجد تعليقات في هذه الفترة.</p>
          ) : (
            <ul className="space-y-3">
              {comments.map((item) => (
                <SurveyComment key={item.id} inbox={inbox} item={item} />
              ))}
            </ul>
          )}
          <InboxPageLinks
            inbox={inbox}
            pages={{ page, hasMore, pageCount }}
            hash="comments-heading"
          />
        </section>
      </div>
    </InboxScreen>
  );
}

type SurveyCommentRow = ReturnType<typeof useLoaderData<typeof loader>>["comments"][number];

/** A comment, and who asks to be contacted (their answer's name and mobile). */
function SurveyComment({
  inbox,
  item,
}: {
  inbox: ReturnType<typeof surveyInbox>;
  item: SurveyCommentRow;
}) {
  const [date] = fieldsAt(inbox, "detail").filter((field) => field.kind === "date");
  const [phone] = fieldsAt(inbox, "detail").filter((field) => field.kind === "phone");
  return (
    <li className="rounded-2xl border border-line bg-white p-4">
      {item.comment && <p className="whitespace-pre-line">{item.comment}</p>}
      {item.contactName && (
        <p className="mt-2 font-medium">
          يطلب التواصل: {item.contactName} — <FieldValue field={phone} row={item} />
        </p>
      )}
      <span className="mt-1 block text-sm text-muted">
        <FieldValue field={date} row={item} />
      </span>
      <EraseButton inbox={inbox} row={item} />
    </li>
  );
}
