import { ClipboardList } from "lucide-react";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { buttonClass } from "~/components/ui/button";
import { getRequestByToken, withdrawRequestByToken } from "~/models/requests.server";
import { limitPublicForm } from "~/services/public-forms.server";
import { formatDate, formatDateTime, isoDate } from "~/shared/dates";
import { NotFoundError } from "~/shared/domain-errors";
import { requestFollowUpPath } from "~/shared/form-builder";
import {
  isOpenRequest,
  REQUEST_STATE_LABELS,
  REQUEST_STATE_MEANINGS,
  REQUEST_TEAM_NAME,
} from "~/shared/request-states";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/request-follow-up";

// A request's private page (docs/decisions/072), opened from the link in its e-mails: its
// reference, state and what it means, the team's messages, and a way to withdraw it. No account:
// the signed token is the permission, so the page is never indexed, cached or sent on as a
// referrer. Withdrawing is a second page (`?step=withdraw`), loaded as a document of its own:
// a form posted from a `no-referrer` page carries `Origin: null`, which the action check refuses.

export const meta: Route.MetaFunction = () => [
  { title: "متابعة طلبك | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "رابط المتابعة غير صالح أو أن الطلب حُذف";
export const WITHDRAW_INTENT = "withdraw-request";
export const WITHDRAW_STEP = "withdraw";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const followed = await getRequestByToken(token);
  if (!followed) throw new NotFoundError(NOT_FOUND);
  const confirming =
    url.searchParams.get("step") === WITHDRAW_STEP && isOpenRequest(followed.state);
  const { id: _id, ...shown } = followed;
  return data(
    { request: shown, token, confirming, withdrawn: url.searchParams.get("done") === "1" },
    {
      headers: {
        ...PRIVATE,
        // The confirmation's form must post with its origin (see above); nothing there links out.
        "Referrer-Policy": confirming ? "same-origin" : "no-referrer",
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

/** Withdraws (the signed token is the permission); limited per client like every public form. */
export async function action({ request }: Route.ActionArgs) {
  await limitPublicForm(request, WITHDRAW_INTENT);
  const form = await readFormData(request);
  const token = String(form.get("token") ?? "").slice(0, 200);
  await withdrawRequestByToken(token);
  return redirect(`${requestFollowUpPath(token)}&done=1`, { headers: PRIVATE });
}

export default function RequestFollowUpPage() {
  const { request, token, confirming, withdrawn } = useLoaderData<typeof loader>();
  const open = isOpenRequest(request.state);
  return (
    <section aria-labelledby="follow-up-heading" className="mx-auto max-w-3xl px-4 py-10">
      <p className="flex items-center gap-2 text-muted">
        <ClipboardList aria-hidden className="size-5" />
        {request.formTitle}
      </p>
      <h1 id="follow-up-heading" className="mt-2 text-3xl text-primary-dark">
        متابعة طلبك <bdi dir="ltr">{request.reference}</bdi>
      </h1>
      <p className="mt-2 text-lg">
        أرسلته في <time dateTime={isoDate(request.createdAt)}>{formatDate(request.createdAt)}</time>
      </p>
      {withdrawn && request.state === "withdrawn" && (
        <FormNotice tone="success" className="mt-6 text-lg">
          <p className="font-bold">سُحب طلبك. شكراً لإخبارنا.</p>
        </FormNotice>
      )}
      <div className="mt-6 rounded-2xl border border-line bg-white p-5" data-testid="request-state">
        <h2 className="text-xl">
          حالة الطلب: <strong>{REQUEST_STATE_LABELS[request.state]}</strong>
        </h2>
        <p className="mt-2 text-lg">{REQUEST_STATE_MEANINGS[request.state]}</p>
      </div>
      {confirming ? (
        <WithdrawConfirmation token={token} />
      ) : (
        <>
          <Messages changes={request.changes} />
          {open && (
            <div className="mt-10 space-y-3 border-t border-line pt-6">
              <h2 className="text-xl">لم تعد تحتاج الطلب؟</h2>
              <p className="text-muted">اسحبه ليعرف فريق الجمعية أنك لم تعد تحتاجه.</p>
              {/* A document load, not a client navigation: the next page posts with its origin. */}
              <Link
                reloadDocument
                to={`${requestFollowUpPath(token)}&step=${WITHDRAW_STEP}`}
                className={buttonClass("outline")}
              >
                أريد سحب طلبي
              </Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Messages({
  changes,
}: {
  changes: { id: string; message: string | null; createdAt: string | Date }[];
}) {
  const messages = changes.filter((change) => change.message);
  if (messages.length === 0) return null;
  return (
    <div className="mt-8">
      <h2 className="text-xl">رسائل {REQUEST_TEAM_NAME}</h2>
      <ol className="mt-3 space-y-3">
        {messages.map((change) => (
          <li key={change.id} className="rounded-2xl bg-surface p-4">
            <p className="text-sm text-muted">
              {REQUEST_TEAM_NAME} ·{" "}
              <time dateTime={isoDate(change.createdAt)}>{formatDateTime(change.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line text-lg wrap-anywhere">{change.message}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function WithdrawConfirmation({ token }: { token: string }) {
  return (
    <Form method="post" className="mt-8 space-y-4 rounded-2xl border border-line p-5">
      <h2 className="text-xl">سحب الطلب</h2>
      <p className="text-lg">
        إن سحبت طلبك فلن يعمل عليه {REQUEST_TEAM_NAME}، ولا يمكن التراجع. إن احتجت لاحقاً فأرسل طلباً
        جديداً.
      </p>
      <input type="hidden" name="token" value={token} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton intent={WITHDRAW_INTENT} variant="destructive" pendingLabel="جارٍ السحب…">
          نعم، اسحب طلبي
        </SubmitButton>
        <Link to={requestFollowUpPath(token)} reloadDocument className={buttonClass("ghost")}>
          لا، أبقِ الطلب
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
