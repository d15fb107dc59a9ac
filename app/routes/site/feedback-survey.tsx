import { getFormProps, useForm } from "@conform-to/react";
import { ArrowRight, CircleCheck } from "lucide-react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { CheckboxInput } from "~/components/outreach/checkbox-input";
import { HoneypotField } from "~/components/outreach/choice-group";
import { PrivacyNote } from "~/components/outreach/privacy-note";
import { PageHero } from "~/components/page";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, TextareaField } from "~/components/ui/field";
import { MobileField, NameField } from "~/components/ui/person-fields";
import { findFeedbackAudience, SATISFACTION_SCALE, SURVEY_QUESTIONS } from "~/content/feedback";
import { submitSurveyResponse } from "~/models/surveys.server";
import { publicFormAction } from "~/services/public-forms.server";
import { NotFoundError, PAGE_MISSING } from "~/shared/domain-errors";
import { browserValidation } from "~/shared/form-validation";
import { HONEYPOT_FIELD } from "~/shared/honeypot";
import { pageMeta } from "~/shared/meta";
import type { SurveyAudience } from "~/shared/statuses";
import type { Route } from "./+types/feedback-survey";
import { surveySchema } from "./feedback-survey-schema";

const NOT_FOUND_TITLE = "الصفحة غير موجودة | جمعية رفق";
const INTENT = "survey";
export const SURVEY_FAILED = "تعذّر إرسال إجاباتك الآن، حاول مرة أخرى بعد قليل";

function surveyOf(audience: string | undefined) {
  const survey = findFeedbackAudience(audience);
  if (!survey) throw new NotFoundError(PAGE_MISSING);
  const key = survey.audience as SurveyAudience;
  const questions = SURVEY_QUESTIONS[key];
  return { survey, key, questions, schema: surveySchema(questions.map((q) => q.key)) };
}

/** /feedback/visitors and /feedback/beneficiaries; any other audience is a 404. */
export function loader({ params, request }: Route.LoaderArgs) {
  const { survey, questions } = surveyOf(params.audience);
  return {
    audience: survey.audience,
    title: survey.title,
    description: survey.description,
    questions,
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

/** Open to everyone: limited per client; robots are answered as people and nothing is kept. */
export function action({ params, request }: Route.ActionArgs) {
  const { key, schema } = surveyOf(params.audience);
  return publicFormAction(request, {
    form: INTENT,
    schema,
    save: (answers) => submitSurveyResponse(key, answers),
    saveFailed: SURVEY_FAILED,
    what: "a survey answer",
    done: `/feedback/${key}?sent=1#survey-heading`,
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  loaderData
    ? pageMeta(matches, {
        title: loaderData.title,
        description: loaderData.description,
        path: `/feedback/${params.audience}`,
      })
    : [{ title: NOT_FOUND_TITLE }];

/**
 * An unknown audience shows the 404 page inside the site layout (header, footer, <main>),
 * as the catch-all route does, rather than the bare root error screen.
 */
export function ErrorBoundary() {
  return <ErrorScreen />;
}

function RatingQuestion({
  name,
  text,
  textKey,
  meta,
}: {
  name: string;
  text: string;
  textKey: string;
  meta: { id: string; errorId: string; errors?: string[]; initialValue?: unknown; key?: string };
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset
      className="space-y-3 rounded-2xl border border-line bg-white p-4 sm:p-5"
      aria-describedby={invalid ? meta.errorId : undefined}
      aria-invalid={invalid || undefined}
    >
      <legend className="float-start mb-3 w-full text-lg font-medium">
        <Text k={textKey}>{text}</Text>
      </legend>
      <div className="clear-both grid grid-cols-5 gap-2">
        {SATISFACTION_SCALE.map((step) => (
          <label
            key={step.value}
            className="flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-line p-2 text-center has-checked:border-primary has-checked:bg-primary-light has-focus-visible:outline-2"
          >
            <input
              type="radio"
              name={name}
              value={step.value}
              defaultChecked={String(meta.initialValue ?? "") === String(step.value)}
              key={`${meta.key}-${step.value}`}
              className="sr-only"
            />
            <step.face aria-hidden className="size-9 text-primary-dark" strokeWidth={1.75} />
            <span className="text-sm leading-tight sm:text-base">{step.label}</span>
            <span className="text-sm text-muted" dir="ltr">
              {step.value}
            </span>
          </label>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

function SurveyForm() {
  const { questions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const schema = surveySchema(questions.map((q) => q.key));
  const [form, fields] = useForm({
    id: INTENT,
    lastResult: result?.reply,
    ...browserValidation(schema),
  });
  const byName = fields as unknown as Record<
    string,
    { id: string; errorId: string; errors?: string[]; initialValue?: unknown; key?: string }
  >;
  return (
    <Form method="post" className="relative space-y-5" {...getFormProps(form)}>
      <ErrorSummary />
      <HoneypotField name={HONEYPOT_FIELD} />
      {questions.map((question) => (
        <RatingQuestion
          key={question.key}
          name={`q_${question.key}`}
          text={question.text}
          textKey={`survey-question-${question.key}`}
          meta={byName[`q_${question.key}`]}
        />
      ))}
      <TextareaField label="تعليق أو اقتراح (اختياري)" meta={fields.comment} rows={3} />
      <fieldset className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 text-lg font-medium">هل تريد أن نتواصل معك؟ (اختياري)</legend>
        <p className="text-muted">
          الاستبيان دون اسم. اكتب اسمك ورقم جوالك فقط إن أردت أن نتواصل معك بشأن إجاباتك.
        </p>
        <label
          htmlFor={fields.wantsContact.id}
          className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line px-4"
        >
          <CheckboxInput meta={fields.wantsContact} className="size-6 shrink-0 accent-primary" />
          نعم، أريد أن تتواصلوا معي
        </label>
        <div className="grid gap-4 md:grid-cols-2">
          <NameField label="الاسم" meta={fields.contactName} />
          <MobileField label="رقم الجوال" meta={fields.contactPhone} />
        </div>
      </fieldset>
      <FieldErrors id={form.errorId} errors={form.errors} />
      <PrivacyNote>ما الذي نحفظه من إجاباتك ولماذا</PrivacyNote>
      <SubmitButton
        intent={INTENT}
        size="lg"
        className="w-full sm:w-auto"
        pendingLabel="جارٍ الإرسال…"
      >
        أرسل إجاباتي
      </SubmitButton>
    </Form>
  );
}

export default function FeedbackSurvey() {
  const survey = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero k="feedback-survey" title={survey.title} subtitle={survey.description} />
      <section aria-labelledby="survey-heading" className="mx-auto max-w-3xl px-4 py-10">
        <Text
          k="survey-title"
          as="h2"
          id="survey-heading"
          className="mb-6 scroll-mt-24 text-2xl text-primary-dark"
        >
          شاركنا رأيك
        </Text>
        {survey.sent ? (
          <FormNotice tone="success" className="text-lg">
            <p className="font-bold">
              <CircleCheck aria-hidden className="me-2 inline size-5" />
              وصلتنا إجاباتك، شكراً لك.
            </p>
            <p>رأيك يساعدنا على تحسين خدماتنا لكبارنا.</p>
          </FormNotice>
        ) : (
          <SurveyForm />
        )}
        <div className="mt-8">
          <Link to="/feedback" className={buttonClass("outline", "lg")}>
            <ArrowRight aria-hidden className="size-5" />
            <Text k="survey-back">العودة إلى آراء المستفيدين</Text>
          </Link>
        </div>
      </section>
    </>
  );
}
