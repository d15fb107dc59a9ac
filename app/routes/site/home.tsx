import { useLoaderData, useRouteLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { Section } from "~/components/page";
import { EditableCardList } from "~/components/site/card-list";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { isRegistrationAllowed } from "~/models/site-settings.server";
import type { loader as rootLoader } from "~/root";
import { HOME_FEATURES, HOME_VALUES } from "~/shared/card-list-definitions";
import { pageMeta, SITE_NAME } from "~/shared/meta";
import { REGISTRATION_OPEN } from "~/shared/site-settings";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: SITE_NAME,
    description: "جمعية أهلية غير ربحية تعمل على تحسين جودة حياة كبار السن في المنطقة الشرقية.",
    path: "/",
  });

export async function loader() {
  return { registrationAllowed: await isRegistrationAllowed() };
}

export default function Home() {
  const { registrationAllowed } = useLoaderData<typeof loader>();
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  return (
    <>
      <section className="bg-gradient-to-bl from-primary-dark to-primary px-4 py-20 text-center text-white">
        <Text k="hero-title" as="h1" className="text-4xl text-white md:text-5xl">
          رفقٌ بكبارنا… وفاءٌ لمن صنعوا حاضرنا
        </Text>
        <Text
          k="hero-subtitle"
          as="p"
          className="mx-auto mt-5 max-w-3xl text-lg text-white/90 md:text-xl"
        >
          جمعية أهلية غير ربحية تعمل على تحسين جودة حياة كبار السن في المنطقة الشرقية، برعاية شاملة
          تحفظ كرامتهم وتعزز مشاركتهم في المجتمع.
        </Text>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <SiteLink to="/about" className={buttonClass("elegant", "lg")}>
            <Text k="hero-about-button">تعرّف علينا</Text>
          </SiteLink>
          <SiteLink to="/donate" className={buttonClass("hero", "lg")}>
            <Text k="hero-donate-button">تبرّع الآن</Text>
          </SiteLink>
          {/* Hidden while registration is closed, so a reader's held page shows it when it
              opens (docs/decisions/055). */}
          {!signedIn && (
            <SiteLink
              to="/auth"
              className={buttonClass("outline", "lg")}
              data-testid="hero-login"
              data-shown-by={REGISTRATION_OPEN}
              hidden={!registrationAllowed}
            >
              <Text k="hero-login-button">تسجيل الدخول</Text>
            </SiteLink>
          )}
        </div>
      </section>

      <Section k="mission" title="رسالتنا" className="text-center">
        <Text k="mission-text" as="p" className="mx-auto max-w-4xl text-lg text-muted">
          تقديم خدمات رعاية متكاملة ومبتكرة لكبار السن وأسرهم، صحياً ونفسياً واجتماعياً، عبر شراكات
          فاعلة وكوادر مؤهلة، بما يحفظ حقوقهم ويعزز جودة حياتهم.
        </Text>
      </Section>

      <Section k="features" title="ما يميزنا" className="below-fold">
        <EditableCardList list={HOME_FEATURES} className="lg:grid-cols-4" />
      </Section>

      <Section
        k="values"
        title="قيمنا"
        intro="تسع قيم نلتزم بها في كل ما نقدمه لكبار السن وأسرهم."
        className="below-fold bg-surface"
      >
        <EditableCardList list={HOME_VALUES} />
      </Section>

      <section className="below-fold mx-auto my-10 max-w-5xl rounded-3xl bg-accent-light px-6 py-12 text-center">
        <Text k="cta-title" as="h2" className="text-3xl text-primary-dark">
          كن جزءاً من رحلة العطاء
        </Text>
        <Text k="cta-text" as="p" className="mx-auto mt-3 max-w-2xl text-lg text-muted">
          بوقتك أو بمالك تستطيع أن ترسم الابتسامة على وجه كبير سن. انضم إلينا متطوعاً أو ادعم برامجنا
          بتبرعك.
        </Text>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <SiteLink to="/volunteer" className={buttonClass("default", "lg")}>
            <Text k="cta-volunteer-button">سجّل متطوعاً</Text>
          </SiteLink>
          <SiteLink to="/donate" className={buttonClass("hero", "lg")}>
            <Text k="cta-donate-button">تبرّع الآن</Text>
          </SiteLink>
          <SiteLink to="/events" className={buttonClass("outline", "lg")}>
            <Text k="cta-events-button">فعالياتنا القادمة</Text>
          </SiteLink>
        </div>
      </section>
    </>
  );
}
