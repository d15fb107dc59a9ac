import { Text } from "~/components/content-block";
import { PageHero, Section } from "~/components/page";
import { CardListSection } from "~/components/site/card-list";
import { ContactDetails } from "~/components/site/contact-details";
import { MEDIA_SECTION_CARDS } from "~/shared/card-list-definitions";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/media";

const TITLE = "المركز الإعلامي";
const SUBTITLE = "نافذتكم على أخبار الجمعية وفعالياتها، وصور ومقاطع من لحظات العطاء مع كبارنا.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/media" });

export default function Media() {
  return (
    <>
      <PageHero k="media" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="overview"
        title="تصفّح المركز الإعلامي"
        list={MEDIA_SECTION_CARDS}
        columns={2}
        more="تصفّح الآن"
      />
      <Section
        k="media-team"
        title="تواصل مع الفريق الإعلامي"
        intro="للاستفسارات الإعلامية وطلبات المقابلات والتغطية الصحفية، يسعد فريقنا الإعلامي بخدمتكم."
        tinted
      >
        <div className="max-w-2xl rounded-2xl border border-line bg-white p-6 shadow-sm">
          <ContactDetails k="media-team" fields={["email", "phone"]} />
          <Text k="media-team-note" as="p" className="mt-5 text-muted">
            نردّ على طلبات وسائل الإعلام خلال يومي عمل، ونرحّب بالتنسيق المسبق لتغطية فعالياتنا.
          </Text>
        </div>
      </Section>
    </>
  );
}
