import { type FieldMetadata, getFormProps, useForm } from "@conform-to/react";
import { ArrowRight } from "lucide-react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import {
  AddToCalendarLink,
  EventPlace,
  EventWhen,
  SeatsLeft,
} from "~/components/events/event-facts";
import { HoneypotField } from "~/components/outreach/choice-group";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { ArticleImage } from "~/components/site/article-parts";
import { RichContent } from "~/components/site/rich-content";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { EmailField, MobileField, NameField } from "~/components/ui/person-fields";
import { registerForEvent } from "~/models/event-registrations.server";
import { getPublishedEvent } from "~/models/events.server";
import { publicFormAction } from "~/services/public-forms.server";
import { NotFoundError, PAGE_MISSING } from "~/shared/domain-errors";
import { isOver } from "~/shared/event-dates";
import { EVENTS_PATH, eventPath, registrationPath, seatsLeft } from "~/shared/events";
import { browserValidation } from "~/shared/form-validation";
import { HONEYPOT_FIELD } from "~/shared/honeypot";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { now } from "~/utils/clock.server";
import { htmlToPlainText, renderablePostContent } from "~/utils/rich-text.server";
import type { Route } from "./+types/event";
import { eventRegistrationSchema } from "./event-registration-schema";

export const INTENT = "event-registration";
export const SAVE_FAILED = "تعذّر إرسال تسجيلك الآن، حاول مرة أخرى بعد قليل";
export const REQUEST_RECEIVED =
  "وصلنا طلب تسجيلك. إن كان هذا الرقم مسجّلاً في الفعالية من قبل فتسجيله قائم، وأرسلنا رابط صفحته إلى البريد المحفوظ معه.";

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  loaded
    ? pageMeta(matches, {
        title: loaded.event.title,
        description: loaded.summary,
        path: eventPath(loaded.event.slug),
        image: loaded.event.imageUrl,
      })
    : [];

/** Seats left change with every registration: open pages re-read when the event changes. */
export const handle: LiveHandle = { liveLists: ["events"] };

async function publishedEvent(slug: string) {
  const event = await getPublishedEvent(slug);
  // A draft is not found, as a missing one.
  if (!event) throw new NotFoundError(PAGE_MISSING);
  return event;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { description, ...event } = await publishedEvent(params.slug);
  const at = now();
  return {
    // A sent form without a page of its own: a number registered before (its owner is told by
    // e-mail) or the honeypot. The same words either way (docs/decisions/066).
    sent: new URL(request.url).searchParams.get("sent") === "1",
    event,
    parts: renderablePostContent(description),
    summary: htmlToPlainText(description).slice(0, 160),
    over: isOver(event, at),
    started: event.startsAt <= at,
  };
}

/** Open to everyone: limited per client, robots answered as people and nothing kept. */
export async function action({ request, params }: Route.ActionArgs) {
  const event = await publishedEvent(params.slug);
  return publicFormAction(request, {
    form: INTENT,
    schema: eventRegistrationSchema,
    save: (value) => registerForEvent(event.id, value),
    saveFailed: SAVE_FAILED,
    what: "an event registration",
    done: `${eventPath(event.slug)}?sent=1`,
    // A number already registered is answered as the honeypot is: its owner hears by e-mail.
    doneWith: (saved) =>
      saved ? registrationPath(saved.token) : `${eventPath(event.slug)}?sent=1`,
  });
}

const LABELS = {
  fullName: "الاسم الكامل",
  phone: "رقم الجوال",
  email: "البريد الإلكتروني (اختياري)",
  attendees: "عدد الحضور (معك)",
};

function RegistrationForm({ full }: { full: boolean }) {
  const result = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: INTENT,
    lastResult: result?.reply,
    defaultValue: { attendees: "1" },
    ...browserValidation(eventRegistrationSchema),
  });
  return (
    <Form method="post" className="relative space-y-5 text-start" {...getFormProps(form)}>
      <ErrorSummary
        fields={[
          { meta: fields.fullName, label: LABELS.fullName },
          { meta: fields.phone, label: LABELS.phone },
          { meta: fields.email, label: LABELS.email },
          { meta: fields.attendees as FieldMetadata<string | undefined>, label: LABELS.attendees },
        ]}
      />
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="grid gap-5 md:grid-cols-2">
        <NameField label={LABELS.fullName} meta={fields.fullName} />
        <MobileField label={LABELS.phone} meta={fields.phone} />
        <EmailField
          label={LABELS.email}
          meta={fields.email}
          hint="لنرسل لك التأكيد والتذكير ورابط الإلغاء"
        />
        <InputField
          label={LABELS.attendees}
          meta={fields.attendees as FieldMetadata<string | undefined>}
          inputMode="numeric"
          dir="ltr"
          hint="من 1 إلى 10 أشخاص"
        />
      </div>
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SubmitButton intent={INTENT} size="lg" pendingLabel="جارٍ التسجيل…">
        {full ? "سجّلني في قائمة الانتظار" : "سجّل الآن"}
      </SubmitButton>
    </Form>
  );
}

export default function EventPage() {
  const { event, parts, over, started, sent } = useLoaderData<typeof loader>();
  const left = seatsLeft(event);
  const canRegister = event.registrationOpen && !started;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to={EVENTS_PATH} className={buttonClass("ghost", "default")}>
        <ArrowRight aria-hidden className="size-5" />
        العودة إلى الفعاليات
      </Link>
      <header className="mt-6 space-y-4">
        <h1 className="text-3xl text-primary-dark md:text-4xl">{event.title}</h1>
        <div className="flex flex-col gap-2 text-lg">
          <EventWhen startsAt={event.startsAt} endsAt={event.endsAt} />
          <EventPlace place={event.place} mapUrl={event.mapUrl} />
          <SeatsLeft left={left} open={event.registrationOpen} over={over} live />
        </div>
        {!over && <AddToCalendarLink slug={event.slug} />}
      </header>
      {event.imageUrl && <ArticleImage src={event.imageUrl} />}
      <RichContent parts={parts} title={event.title} className="mt-8" testId="event-description" />
      <section
        aria-labelledby="register-heading"
        className="mt-10 rounded-3xl bg-accent-light px-4 py-8 sm:px-6"
      >
        <h2 id="register-heading" className="mb-4 text-2xl text-primary-dark">
          التسجيل في الفعالية
        </h2>
        {sent && (
          <FormNotice tone="success" className="mb-4 text-lg">
            <p>{REQUEST_RECEIVED}</p>
          </FormNotice>
        )}
        {canRegister ? (
          <>
            {left === 0 && (
              <p className="mb-4 font-medium">
                اكتملت المقاعد، وسجّلك يضعك في قائمة الانتظار: نخبرك إن فرغ مقعد.
              </p>
            )}
            <RegistrationForm full={left === 0} />
          </>
        ) : (
          <p className="text-lg">
            {over || started
              ? "بدأت هذه الفعالية أو انتهت، فلم يعد التسجيل فيها ممكناً."
              : "التسجيل في هذه الفعالية مغلق الآن."}
          </p>
        )}
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
