import { PageHero } from "~/components/page";

export default function Page() {
  return <PageHero title="about-vision" />;
}
