import { ArrowRight, ClipboardList } from "lucide-react";
import { data, Link, useLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { ErrorScreen } from "~/components/error-screen";
import { Callout, PageHero } from "~/components/page";
import { ContactDetails } from "~/components/site/contact-details";
import { buttonClass } from "~/components/ui/button";
import { findFeedbackAudience } from "~/content/feedback";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/feedback-survey";

const NOT_FOUND_TITLE = "الصفحة غير موجودة | جمعية رفق";

/** /feedback/visitors and /feedback/beneficiaries; any other audience is a 404. */
export function loader({ params }: Route.LoaderArgs) {
  const survey = findFeedbackAudience(params.audience);
  if (!survey) throw data(null, { status: 404 });
  return { audience: survey.audience, title: survey.title, description: survey.description };
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

/** The survey itself is not part of the spec yet: the page says it will be added later. */
export default function FeedbackSurvey() {
  const survey = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero k="feedback-survey" title={survey.title} subtitle={survey.description} />
      <section className="mx-auto max-w-3xl px-4 py-10">
        <Callout
          k="survey-placeholder"
          icon={ClipboardList}
          headingAs="h2"
          title="الاستبيان قيد الإعداد"
          text="سيتم إضافة الاستبيان إلى هذه الصفحة لاحقاً. وإلى ذلك الحين يسعدنا أن نسمع رأيك عبر الهاتف أو البريد الإلكتروني."
        >
          <ContactDetails k="survey-contact" fields={["phone", "email"]} className="mt-6" />
        </Callout>
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
