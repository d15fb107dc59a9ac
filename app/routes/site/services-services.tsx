import { Siren } from "lucide-react";
import { Text } from "~/components/content-block";
import { Callout, CardGrid, FeatureList, InfoCard, PageHero, Section } from "~/components/page";
import { ContactValue, useSiteContact } from "~/components/site/contact-details";
import { EMERGENCY_LINE, SERVICE_CHANNELS, SERVICES } from "~/content/services";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/services-services";

const TITLE = "الخدمات";
const SUBTITLE = "خدمات متكاملة يقدّمها فريق مختص بروح الرفق، في مقر الجمعية أو في بيت كبير السن.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/services/services" });

export default function ServicesList() {
  const contact = useSiteContact();
  return (
    <>
      <PageHero k="services-services" title={TITLE} subtitle={SUBTITLE} />
      <Section
        k="services"
        title="خدماتنا لكبار السن"
        intro="ست خدمات تغطي احتياجات كبير السن كلها."
      >
        <CardGrid>
          {SERVICES.map((service) => (
            <InfoCard
              key={service.key}
              k={`service-${service.key}`}
              icon={service.icon}
              title={service.title}
              description={service.description}
            >
              <FeatureList k={`service-${service.key}-feature`} items={service.points} />
            </InfoCard>
          ))}
        </CardGrid>
      </Section>
      <Section
        k="how-to"
        title="كيف تحصل على خدماتنا؟"
        intro="اختر الطريقة الأنسب لك، وسيتولّى فريقنا الباقي."
        tinted
      >
        <CardGrid>
          {SERVICE_CHANNELS.map((channel) => (
            <InfoCard
              key={channel.key}
              k={channel.key}
              icon={channel.icon}
              title={channel.title}
              description={channel.description}
            >
              <p className="mt-4 text-lg">
                <ContactValue field={channel.contact} contact={contact} />
              </p>
            </InfoCard>
          ))}
        </CardGrid>
        <Callout
          k="emergency"
          icon={Siren}
          title={EMERGENCY_LINE.title}
          text={EMERGENCY_LINE.text}
          className="mt-8"
        >
          <p className="mt-3 text-lg">
            <Text k="emergency-phone-label">رقم الطوارئ:</Text>{" "}
            <ContactValue field="phone" contact={contact} />
          </p>
        </Callout>
      </Section>
    </>
  );
}
