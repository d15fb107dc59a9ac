import { type FieldMetadata, getFormProps, useForm } from "@conform-to/react";
import { ArrowRight, CalendarPlus } from "lucide-react";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { VideoPlayer } from "~/components/admin/video-player";
import { ErrorScreen } from "~/components/error-screen";
import { EventPlace, EventWhen, SeatsLeft } from "~/components/events/event-facts";
import { HoneypotField } from "~/components/outreach/choice-group";
import { SubmitButton } from "~/components/settings/submit-button";
import { buttonClass } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField } from "~/components/ui/field";
import { registerForEvent } from "~/models/event-registrations.server";
import { getPublishedEvent } from "~/models/events.server";
import { publicFormAction } from "~/services/public-forms.server";
import { isOver } from "~/shared/event-dates";
import {
  EVENTS_PATH,
  eventCalendarPath,
  eventPath,
  registrationPath,
  seatsLeft,
} from "~/shared/events";
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
  if (!event) throw data(null, { status: 404 });
  return event;
}

export async function loader({ params }: Route.LoaderArgs) {
  const { description, ...event } = await publishedEvent(params.slug);
  const at = now();
  return {
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
    doneWith: ({ token }) => registrationPath(token),
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
        <InputField label={LABELS.fullName} meta={fields.fullName} autoComplete="name" />
        <InputField
          label={LABELS.phone}
          meta={fields.phone}
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="tel"
          hint="مثال: 0501234567"
        />
        <InputField
          label={LABELS.email}
          meta={fields.email}
          type="email"
          dir="ltr"
          autoComplete="email"
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
  const { event, parts, over, started } = useLoaderData<typeof loader>();
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
        {!over && (
          <a
            href={eventCalendarPath(event.slug)}
            download
            className={buttonClass("outline", "default")}
          >
            <CalendarPlus aria-hidden className="size-5" />
            أضف إلى التقويم
          </a>
        )}
      </header>
      {event.imageUrl && (
        <img
          src={event.imageUrl}
          alt=""
          className="mt-8 aspect-video w-full rounded-2xl bg-surface object-cover"
        />
      )}
      <div className="article-body mt-8" data-testid="event-description">
        {parts.map((part, index) =>
          part.kind === "youtube" ? (
            <div key={index} className="my-8 overflow-hidden rounded-2xl">
              <VideoPlayer youtubeId={part.id} title={event.title} />
            </div>
          ) : (
            <div key={index} className="contents" dangerouslySetInnerHTML={{ __html: part.html }} />
          ),
        )}
      </div>
      <section
        aria-labelledby="register-heading"
        className="mt-10 rounded-3xl bg-accent-light px-4 py-8 sm:px-6"
      >
        <h2 id="register-heading" className="mb-4 text-2xl text-primary-dark">
          التسجيل في الفعالية
        </h2>
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
