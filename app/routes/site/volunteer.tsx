import { Mail } from "lucide-react";
import { Text } from "~/components/content-block";
import { CardList, PageHero, Section } from "~/components/page";
import { useSiteContact } from "~/components/site/contact-details";
import { buttonClass } from "~/components/ui/button";
import { VOLUNTEER_BENEFITS, volunteerMailto } from "~/content/volunteer";
import { cn } from "~/utils/cn";
import { pageMeta } from "~/utils/meta";
import type { Route } from "./+types/volunteer";

const TITLE = "التطوع";
const SUBTITLE = "ساعة من وقتك قد تكون أجمل ما في يوم كبير سن. انضم إلى فريق متطوعي رفق.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/volunteer" });

export default function Volunteer() {
  const { email } = useSiteContact();
  return (
    <>
      <PageHero k="volunteer" title={TITLE} subtitle={SUBTITLE} />
      <Section
        k="benefits"
        title="لماذا تتطوع معنا؟"
        intro="ما تقدّمه لكبارنا يعود إليك خيراً وأثراً."
      >
        <CardList items={VOLUNTEER_BENEFITS} columns={4} />
      </Section>
      <section
        aria-labelledby="register-heading"
        className="mx-4 my-10 rounded-3xl bg-accent-light px-6 py-12 text-center md:mx-auto md:max-w-5xl"
      >
        <Text
          k="register-title"
          as="h2"
          id="register-heading"
          className="text-3xl text-primary-dark"
        >
          سجّل متطوعاً
        </Text>
        <Text k="register-text" as="p" className="mx-auto mt-3 max-w-2xl text-lg text-muted">
          اضغط الزر لتصلنا رسالتك بالبريد الإلكتروني، واكتب فيها اسمك ومدينتك ورقم جوالك والمجال
          الذي تحب أن تتطوع فيه، وسيتواصل معك منسّق التطوع قريباً.
        </Text>
        <a href={volunteerMailto(email)} className={cn(buttonClass("default", "lg"), "mt-6")}>
          <Mail aria-hidden className="size-5" />
          <Text k="register-button">سجّل متطوعاً</Text>
        </a>
        <p className="mt-4 text-muted">
          <Text k="register-email-label">أو راسلنا مباشرة على:</Text>{" "}
          <a href={`mailto:${email}`} className="font-medium text-primary-dark underline">
            {email}
          </a>
        </p>
      </section>
    </>
  );
}
