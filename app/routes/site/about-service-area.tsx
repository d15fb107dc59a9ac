import { Hospital, MapPin, MapPinned, Users } from "lucide-react";
import { CardGrid, InfoCard, PageHero, Section, StatGrid } from "~/components/page";
import { CITIES, SERVICE_AREA } from "~/content/cities";
import { formatCount } from "~/content/format";
import { pageMeta } from "~/shared/meta";
import type { Route } from "./+types/about-service-area";

const TITLE = "نطاق الخدمة";
const SUBTITLE = "نخدم كبار السن في المنطقة الشرقية من المملكة العربية السعودية، في ست مدن رئيسة.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: TITLE, description: SUBTITLE, path: "/about/service-area" });

export default function AboutServiceArea() {
  return (
    <>
      <PageHero k="about-service-area" title={TITLE} subtitle={SUBTITLE} />
      <Section
        k="province"
        title="المنطقة الشرقية"
        intro="أكبر مناطق المملكة مساحةً، وموطن مجتمع أصيل يعرف لكباره قدرهم. نركّز خدماتنا في المدن الست التي يعيش فيها معظم كبار السن في المنطقة."
      >
        <StatGrid
          k="province"
          items={[
            {
              key: "elderly",
              icon: Users,
              value: formatCount(SERVICE_AREA.elderly),
              label: "كبار السن",
            },
            {
              key: "cities",
              icon: MapPinned,
              value: formatCount(SERVICE_AREA.cities),
              label: "المدن المخدومة",
            },
            {
              key: "health-facilities",
              icon: Hospital,
              value: formatCount(SERVICE_AREA.healthFacilities),
              label: "المنشآت الصحية",
            },
          ]}
        />
      </Section>
      <Section
        k="cities"
        title="مدن نطاق الخدمة"
        intro="أعداد كبار السن والمنشآت الصحية في كل مدينة."
        tinted
      >
        <CardGrid>
          {CITIES.map((city) => (
            <InfoCard
              key={city.key}
              k={`city-${city.key}`}
              icon={MapPin}
              title={city.name}
              description={city.description}
            >
              <StatGrid
                k={`city-${city.key}`}
                size="sm"
                items={[
                  { key: "elderly", value: formatCount(city.elderly), label: "كبار السن" },
                  {
                    key: "health-facilities",
                    value: formatCount(city.healthFacilities),
                    label: "المنشآت الصحية",
                  },
                ]}
              />
            </InfoCard>
          ))}
        </CardGrid>
      </Section>
    </>
  );
}
