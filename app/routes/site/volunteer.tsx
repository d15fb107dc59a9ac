import { getFormProps, useForm } from "@conform-to/react";
import { CircleCheck } from "lucide-react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { CheckboxInput } from "~/components/outreach/checkbox-input";
import { ChoiceGroup, HoneypotField } from "~/components/outreach/choice-group";
import { PrivacyNote } from "~/components/outreach/privacy-note";
import { PageHero } from "~/components/page";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { CardListSection } from "~/components/site/card-list";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, TextareaField } from "~/components/ui/field";
import { EmailField, MobileField, NameField } from "~/components/ui/person-fields";
import { CITIES } from "~/content/cities";
import { OTHER_CITY, VOLUNTEER_AVAILABILITY, VOLUNTEER_INTERESTS } from "~/content/volunteer";
import { registerVolunteer } from "~/models/volunteers.server";
import { publicFormAction } from "~/services/public-forms.server";
import { VOLUNTEER_CARDS } from "~/shared/card-list-definitions";
import { browserValidation } from "~/shared/form-validation";
import { HONEYPOT_FIELD } from "~/shared/honeypot";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/volunteer";
import { volunteerSchema } from "./volunteer-schema";

const TITLE = "التطوع";
const SUBTITLE = "ساعة من وقتك قد تكون أجمل ما في يوم كبير سن. انضم إلى فريق متطوعي رفق.";
const INTENT = "volunteer";
export const SAVE_FAILED = "تعذّر إرسال طلبك الآن، حاول مرة أخرى بعد قليل";
export const SENT_PATH = "/volunteer?sent=1#register-heading";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/volunteer" });

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** Open to everyone: limited per client, robots answered as people and nothing kept. */
export function action({ request }: Route.ActionArgs) {
  return publicFormAction(request, {
    form: INTENT,
    schema: volunteerSchema,
    save: registerVolunteer,
    saveFailed: SAVE_FAILED,
    what: "a volunteer registration",
    done: SENT_PATH,
  });
}

const CITY_OPTIONS = [
  ...CITIES.map((city) => ({ value: city.key, label: city.name })),
  {
    value: OTHER_CITY.key,
    label: OTHER_CITY.name,
  },
];
const asOptions = (items: readonly { key: string; label: string }[]) =>
  items.map((item) => ({ value: item.key, label: item.label }));

const LABELS = {
  fullName: "الاسم الكامل",
  phone: "رقم الجوال",
  email: "البريد الإلكتروني (اختياري)",
  city: "المدينة",
  interests: "المجالات التي تحب التطوع فيها",
  availability: "الأوقات المناسبة لك",
  message: "ملاحظة (اختياري)",
  /** The summary's short name for the long consent sentence. */
  consent: "الموافقة على حفظ بياناتك",
};

function VolunteerForm() {
  const result = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: INTENT,
    lastResult: result?.reply,
    ...browserValidation(volunteerSchema),
  });
  return (
    <Form method="post" className="relative space-y-6 text-start" {...getFormProps(form)}>
      <ErrorSummary
        fields={[
          { meta: fields.fullName, label: LABELS.fullName },
          { meta: fields.phone, label: LABELS.phone },
          { meta: fields.email, label: LABELS.email },
          { meta: fields.city, label: LABELS.city },
          { meta: fields.interests, label: LABELS.interests },
          { meta: fields.availability, label: LABELS.availability },
          { meta: fields.message, label: LABELS.message },
          { meta: fields.consent, label: LABELS.consent },
        ]}
      />
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="grid gap-5 md:grid-cols-2">
        <NameField label={LABELS.fullName} meta={fields.fullName} />
        <MobileField label={LABELS.phone} meta={fields.phone} />
        <EmailField label={LABELS.email} meta={fields.email} hint="لنرسل لك تأكيد وصول طلبك" />
      </div>
      <ChoiceGroup legend={LABELS.city} meta={fields.city} type="radio" options={CITY_OPTIONS} />
      <ChoiceGroup
        legend={LABELS.interests}
        meta={fields.interests}
        type="checkbox"
        options={asOptions(VOLUNTEER_INTERESTS)}
      />
      <ChoiceGroup
        legend={LABELS.availability}
        meta={fields.availability}
        type="checkbox"
        options={asOptions(VOLUNTEER_AVAILABILITY)}
      />
      <TextareaField label={LABELS.message} meta={fields.message} rows={3} />
      <div className="space-y-1">
        <label
          htmlFor={fields.consent.id}
          className="flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4"
        >
          <CheckboxInput
            meta={fields.consent}
            summaryLabel={LABELS.consent}
            className="mt-0.5 size-6 shrink-0 accent-primary"
          />
          <span>
            أوافق على أن تحفظ جمعية رفق اسمي ورقم جوالي وبريدي ومدينتي وما كتبته هنا، لتتواصل معي
            بشأن التطوع فقط، وأعلم أن لي طلب حذفها في أي وقت.{" "}
            <Link to="/privacy" className="font-medium text-primary-dark underline">
              كيف نحفظ بياناتك
            </Link>
          </span>
        </label>
        <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent={INTENT} size="lg" pendingLabel="جارٍ الإرسال…">
        <Text k="register-button">أرسل طلب التطوع</Text>
      </SubmitButton>
    </Form>
  );
}

export default function Volunteer() {
  const { sent } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero k="volunteer" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="benefits"
        title="لماذا تتطوع معنا؟"
        intro="ما تقدّمه لكبارنا يعود إليك خيراً وأثراً."
        list={VOLUNTEER_CARDS}
        columns={4}
      />
      <section
        aria-labelledby="register-heading"
        className="mx-4 my-10 rounded-3xl bg-accent-light px-4 py-10 sm:px-6 md:mx-auto md:max-w-4xl"
      >
        <Text
          k="register-title"
          as="h2"
          id="register-heading"
          className="text-center text-3xl text-primary-dark"
        >
          سجّل متطوعاً
        </Text>
        {sent ? (
          <FormNotice tone="success" className="mt-6 text-lg">
            <p className="font-bold">
              <CircleCheck aria-hidden className="me-2 inline size-5" />
              وصلنا طلب تطوعك، شكراً لك.
            </p>
            <p>سيتواصل معك منسّق التطوع قريباً على رقم جوالك.</p>
          </FormNotice>
        ) : (
          <>
            <Text
              k="register-text"
              as="p"
              className="mx-auto mt-3 mb-6 max-w-2xl text-center text-lg text-muted"
            >
              املأ النموذج وسيتواصل معك منسّق التطوع قريباً.
            </Text>
            <PrivacyNote className="mb-6 justify-center">
              ما الذي نحفظه من بياناتك ولماذا
            </PrivacyNote>
            <VolunteerForm />
          </>
        )}
      </section>
    </>
  );
}
