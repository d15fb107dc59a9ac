import { CircleCheck, Hourglass } from "lucide-react";
import { Form, Link, redirect, useLoaderData } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { AddToCalendarLink, EventPlace, EventWhen } from "~/components/events/event-facts";
import { FormNotice } from "~/components/settings/form-notice";
import { SubmitButton } from "~/components/settings/submit-button";
import { buttonClass } from "~/components/ui/button";
import {
  cancelRegistrationByToken,
  getRegistrationByToken,
} from "~/models/event-registrations.server";
import { limitPublicForm } from "~/services/public-forms.server";
import { NotFoundError } from "~/shared/domain-errors";
import { isOver } from "~/shared/event-dates";
import { EVENTS_PATH, eventPath, registrationPath } from "~/shared/events";
import { now } from "~/utils/clock.server";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/event-registration";

// A registration's own page, opened from the link in its e-mails or right after registering:
// the confirmation, the calendar file, and the cancel button (a form: works without JavaScript;
// a GET never cancels, so a mail scanner following the link changes nothing).

export const meta: Route.MetaFunction = () => [
  { title: "تسجيلك في الفعالية | جمعية رفق" },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "رابط التسجيل غير صالح أو أن التسجيل حُذف";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request }: Route.LoaderArgs) {
  const registration = await getRegistrationByToken(tokenOf(request));
  if (!registration) throw new NotFoundError(NOT_FOUND);
  const { fullName, ...shown } = registration;
  return {
    registration: { ...shown, firstName: fullName.split(" ")[0] },
    over: isOver(registration.event, now()),
    token: tokenOf(request),
  };
}

export const CANCEL_INTENT = "cancel-registration";

/** Cancels (the signed token is the permission); limited per client like every public form. */
export async function action({ request }: Route.ActionArgs) {
  await limitPublicForm(request, CANCEL_INTENT);
  const form = await readFormData(request);
  const token = String(form.get("token") ?? "").slice(0, 200);
  await cancelRegistrationByToken(token);
  return redirect(`${registrationPath(token)}&done=1`);
}

export default function EventRegistrationPage() {
  const { registration, over, token } = useLoaderData<typeof loader>();
  const { event, status, attendees } = registration;
  return (
    <section aria-labelledby="registration-heading" className="mx-auto max-w-3xl px-4 py-10">
      <h1 id="registration-heading" className="text-3xl text-primary-dark">
        تسجيلك في «{event.title}»
      </h1>
      <div className="mt-4 flex flex-col gap-2 text-lg">
        <EventWhen startsAt={event.startsAt} endsAt={event.endsAt} />
        <EventPlace place={event.place} mapUrl={event.mapUrl} />
      </div>
      <div className="mt-6" data-testid="registration-status">
        {status === "confirmed" && (
          <FormNotice tone="success" className="text-lg">
            <p className="font-bold">
              <CircleCheck aria-hidden className="me-2 inline size-5" />
              تم تسجيلك يا {registration.firstName}، ومقاعدك محجوزة ({attendees}).
            </p>
            <p>احتفظ بهذه الصفحة: منها تضيف الفعالية إلى تقويمك أو تلغي تسجيلك.</p>
          </FormNotice>
        )}
        {status === "waiting" && (
          <FormNotice tone="success" className="text-lg">
            <p className="font-bold">
              <Hourglass aria-hidden className="me-2 inline size-5" />
              اكتملت المقاعد، فسجّلناك في قائمة الانتظار ({attendees}).
            </p>
            <p>إن فرغت مقاعد تكفيك انتقل تسجيلك إلى المؤكَّدين، وأخبرناك بالبريد إن تركته لنا.</p>
          </FormNotice>
        )}
        {status === "cancelled" && (
          <FormNotice tone="success" className="text-lg">
            <p className="font-bold">أُلغي تسجيلك. شكراً لإخبارنا، فقد صار مقعدك لغيرك.</p>
          </FormNotice>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {status !== "cancelled" && !over && <AddToCalendarLink slug={event.slug} />}
        <Link to={eventPath(event.slug)} className={buttonClass("ghost", "default")}>
          صفحة الفعالية
        </Link>
        <Link to={EVENTS_PATH} className={buttonClass("ghost", "default")}>
          كل الفعاليات
        </Link>
      </div>
      {status !== "cancelled" && !over && (
        <Form method="post" className="mt-10 space-y-3 border-t border-line pt-6">
          <h2 className="text-xl">لا تستطيع الحضور؟</h2>
          <p className="text-muted">ألغِ تسجيلك ليأخذ مقعدك من ينتظر.</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton intent={CANCEL_INTENT} variant="outline" pendingLabel="جارٍ الإلغاء…">
            ألغِ تسجيلي
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
