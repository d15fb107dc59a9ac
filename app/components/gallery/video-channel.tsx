import { ExternalLink } from "lucide-react";
import { Text } from "~/components/content-block";
import { YoutubeIcon } from "~/components/social-icons";
import { buttonClass } from "~/components/ui/button";

/** The channel's figures are static in the spec (§2.2): they are editable texts, not counts. */
const FIGURES = [
  { key: "channel-videos", value: "50+", label: "فيديو" },
  { key: "channel-subscribers", value: "1.2K", label: "مشترك" },
  { key: "channel-views", value: "25K", label: "مشاهدة" },
];

/** The invitation to the association's video channel; the button appears once a link is set. */
export function VideoChannel({ channelUrl }: { channelUrl: string }) {
  return (
    <section
      aria-labelledby="channel-heading"
      className="mx-auto my-12 max-w-5xl rounded-3xl bg-primary-dark px-6 py-10 text-center text-white md:px-12"
    >
      <YoutubeIcon className="mx-auto mb-3 size-12" />
      <Text
        k="channel-title"
        as="h2"
        id="channel-heading"
        className="text-2xl text-white md:text-3xl"
      >
        قناتنا على يوتيوب
      </Text>
      <Text k="channel-text" as="p" className="mx-auto mt-3 max-w-2xl text-white/85">
        شاهد فعاليات الجمعية وبرامجها ولقاءاتها التوعوية مع كبار السن وأسرهم، واشترك ليصلك كل جديد.
      </Text>
      <dl className="mx-auto mt-8 grid max-w-xl grid-cols-3 gap-4">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="flex flex-col-reverse rounded-2xl bg-white/10 p-4">
            <dt className="text-white/85">
              <Text k={`${figure.key}-label`}>{figure.label}</Text>
            </dt>
            <dd className="text-2xl font-bold md:text-3xl" dir="ltr">
              <Text k={`${figure.key}-value`}>{figure.value}</Text>
            </dd>
          </div>
        ))}
      </dl>
      {/* Hidden until a link is set, so a held page shows it when one comes (docs/decisions/055). */}
      <a
        href={channelUrl || undefined}
        data-setting-href="social_links.youtube"
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass("elegant", "lg").concat(" mt-8")}
        data-shown-by="social_links.youtube"
        hidden={!channelUrl}
      >
        <Text k="channel-button">زيارة القناة</Text>
        <ExternalLink aria-hidden className="size-5" />
        <span className="sr-only">(تفتح في نافذة جديدة)</span>
      </a>
    </section>
  );
}
