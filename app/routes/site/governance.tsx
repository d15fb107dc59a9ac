import { Mail } from "lucide-react";
import { Text } from "~/components/content-block";
import { Callout, CardGrid, FeatureList, InfoCard, PageHero, Section } from "~/components/page";
import { CardListSection, EditableCardList } from "~/components/site/card-list";
import { ContactValue, useSiteContact } from "~/components/site/contact-details";
import { DocumentsList } from "~/components/site/documents-list";
import { POLICIES_AND_OVERSIGHT } from "~/content/governance";
import { listGovernanceDocuments } from "~/models/documents.server";
import {
  GOVERNANCE_PRINCIPLES,
  GOVERNANCE_REPORTS,
  GOVERNANCE_STRUCTURE,
} from "~/shared/card-list-definitions";
import { isDocumentCategory } from "~/shared/documents";
import type { LiveHandle } from "~/shared/live-event";
import { pageMeta } from "~/shared/meta";
import { pageFrom } from "~/shared/pagination";
import type { Route } from "./+types/governance";

const TITLE = "الحوكمة";
const SUBTITLE =
  "الثقة تُبنى بالوضوح؛ لذلك نُدار وفق أنظمة وسياسات معلنة تحفظ حقوق المستفيدين والداعمين.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/governance" });

// The published documents of «التقارير والشفافية» (docs/decisions/048).
export const handle: LiveHandle = { liveLists: ["documents"] };

export async function loader({ request }: Route.LoaderArgs) {
  const category = new URL(request.url).searchParams.get("category");
  return {
    documents: await listGovernanceDocuments({
      category: isDocumentCategory(category) ? category : null,
      page: pageFrom(request.url),
    }),
  };
}

export default function Governance({ loaderData }: Route.ComponentProps) {
  const contact = useSiteContact();
  return (
    <>
      <PageHero k="governance" title={TITLE} subtitle={SUBTITLE} />
      <CardListSection
        k="principles"
        title="مبادئ الحوكمة"
        intro="أربعة مبادئ تحكم قراراتنا وتعاملاتنا."
        list={GOVERNANCE_PRINCIPLES}
        columns={4}
      />
      <CardListSection
        k="structure"
        title="الهيكل التنظيمي"
        intro="أدوار واضحة ومسؤوليات محددة، من مجلس الإدارة حتى فرق العمل الميدانية."
        tinted
        list={GOVERNANCE_STRUCTURE}
        columns={4}
      />
      <Section k="policies-oversight" title="السياسات وإجراءات الرقابة">
        <CardGrid columns={2}>
          {POLICIES_AND_OVERSIGHT.map((group) => (
            <InfoCard
              key={group.key}
              k={group.key}
              icon={group.icon}
              title={group.title}
              description={group.description}
            >
              <FeatureList k={`${group.key}-point`} items={group.points} />
            </InfoCard>
          ))}
        </CardGrid>
      </Section>
      <Section
        k="reports"
        title="التقارير والشفافية"
        intro="نضع بين أيديكم ما يبيّن عملنا ونتائجه، ونحدّثه فور اعتماده."
        tinted
      >
        <EditableCardList list={GOVERNANCE_REPORTS} columns={4} />
        <DocumentsList library={loaderData.documents} />
        <Callout
          k="reports-request"
          icon={Mail}
          title="اطلب نسخة من تقاريرنا"
          text="يسعدنا أن نرسل إليك أي تقرير أو قائمة مالية معتمدة. راسلنا وسنجيبك في أقرب وقت."
          className="mt-8"
        >
          <p className="mt-3 text-lg">
            <Text k="reports-request-email-label">البريد الإلكتروني:</Text>{" "}
            <ContactValue field="email" contact={contact} />
          </p>
        </Callout>
      </Section>
    </>
  );
}
