import { CircleCheck, Lock } from "lucide-react";
import { useActionData, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { BUILT_FORM_INTENT, BuiltFormView } from "~/components/forms/built-form-view";
import { FormNotice } from "~/components/settings/form-notice";
import { answerSchemaOf, getFormBySlug } from "~/models/built-forms.server";
import { sendAnswer, whyClosed } from "~/models/form-answers.server";
import { publicBaseUrl } from "~/services/news-feed.server";
import { getStaffActor } from "~/services/permissions.server";
import { publicFormAction } from "~/services/public-forms.server";
import { NotFoundError } from "~/shared/domain-errors";
import { builtFormPath } from "~/shared/form-builder";
import { pageMeta } from "~/shared/meta";
import { builtFormCaps } from "~/utils/body-caps.server";
import type { Route } from "./+types/built-form";

// A form built by staff at its own address (docs/decisions/071): open ones for everyone, a
// draft as a preview for staff only; a closed, full or past-closing form says so.

const NOT_FOUND = "النموذج غير موجود";
export const SEND_FAILED = "تعذّر إرسال إجابتك الآن، حاول مرة أخرى بعد قليل";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: data?.form.title ?? NOT_FOUND,
    description: data?.form.intro.slice(0, 160) ?? "",
    path: data ? builtFormPath(data.form.slug) : "/",
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const form = await getFormBySlug(params.slug, await getStaffActor(request));
  if (!form) throw new NotFoundError(NOT_FOUND);
  const url = new URL(request.url);
  const sent = url.searchParams.get("sent") === "1";
  const closed = whyClosed(form);
  // The fields go to the page only when it asks them: the thanks after an answer (every sender
  // lands there) and a closed form's notice send none (docs/decisions/071 "Speed").
  const asking = !sent && (!closed || form.status === "draft");
  return {
    form: {
      slug: form.slug,
      title: form.title,
      intro: form.intro,
      fields: asking ? form.fields : [],
      purpose: form.purpose,
      retentionMonths: form.retentionMonths,
      thankYou: form.thankYou,
      status: form.status,
    },
    closed,
    sent,
    reference: url.searchParams.get("ref")?.slice(0, 20) ?? null,
  };
}

/** Open to everyone: limited per client, a robot answered as a person, files kept privately. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await getFormBySlug(params.slug, null);
  if (!form) throw new NotFoundError(NOT_FOUND);
  const done = `${builtFormPath(form.slug)}?sent=1`;
  return publicFormAction(request, {
    form: `${BUILT_FORM_INTENT}:${form.id}`,
    schema: answerSchemaOf(form),
    caps: builtFormCaps(form.fields),
    save: (value) => sendAnswer(form, value, { baseUrl: publicBaseUrl }),
    saveFailed: SEND_FAILED,
    what: "a built form's answer",
    done,
    doneWith: (sent) =>
      sent.request ? `${done}&ref=${encodeURIComponent(sent.request.reference)}` : done,
  });
}

export default function BuiltFormPage() {
  const { form, closed, sent, reference } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="form-heading" className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 id="form-heading" className="text-3xl text-primary-dark">
        {form.title}
      </h1>
      {form.status === "draft" && (
        <FormNotice tone="info">معاينة للموظفين: هذا النموذج مسودة ولا يراه الزوار.</FormNotice>
      )}
      {sent ? (
        <FormNotice tone="success" className="text-lg">
          <p className="font-bold">
            <CircleCheck aria-hidden className="me-2 inline size-5" />
            {form.thankYou}
          </p>
          {reference && (
            <p className="mt-3">
              رقم طلبك:{" "}
              <strong dir="ltr" className="text-2xl">
                {reference}
              </strong>
              <br />
              احتفظ به للمتابعة؛ أرسلنا إلى بريدك رابطاً تتابع منه حالة طلبك.
            </p>
          )}
        </FormNotice>
      ) : closed && form.status !== "draft" ? (
        <FormNotice tone="info" className="text-lg">
          <Lock aria-hidden className="me-2 inline size-5" />
          {closed}
        </FormNotice>
      ) : (
        <>
          {form.intro && <p className="whitespace-pre-line text-lg">{form.intro}</p>}
          <BuiltFormView form={form} lastResult={result?.reply} headingLevel="h2" />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
