import { Eye, ImageIcon, Play, Video } from "lucide-react";
import { useState } from "react";
import { Text } from "~/components/content-block";
import { cn } from "~/shared/cn";
import { formatDate, isoDate } from "~/shared/dates";
import { type GalleryItem, isYoutubeId, youtubeEmbedUrl } from "~/shared/gallery";

export const formatCount = (value: number) =>
  new Intl.NumberFormat("ar-SA-u-nu-latn").format(value);

/**
 * A video waits behind a local poster: nothing is fetched from YouTube (no thumbnail, no
 * player, no cookie) until the visitor presses play, then the privacy-enhanced player loads.
 */
function VideoPlayer({ item }: { item: Extract<GalleryItem, { type: "video" }> }) {
  const [playing, setPlaying] = useState(false);
  const playable = isYoutubeId(item.youtubeId);
  if (playing && playable) {
    return (
      <iframe
        src={youtubeEmbedUrl(item.youtubeId)}
        title={item.title}
        className="aspect-video w-full bg-ink"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <div className="relative flex aspect-video w-full items-center justify-center bg-gradient-to-br from-primary-dark to-primary text-white">
      <Video aria-hidden className="absolute end-4 top-4 size-7 opacity-40" />
      {playable ? (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="flex flex-col items-center gap-2 rounded-2xl p-3 font-medium motion-safe:hover:scale-105 motion-safe:focus-visible:scale-105"
        >
          <span className="flex size-18 items-center justify-center rounded-full bg-white text-primary-dark shadow-lg">
            <Play aria-hidden className="size-9 fill-current" />
          </span>
          <span>
            <Text k="video-play">تشغيل الفيديو</Text>
            <span className="sr-only">: {item.title}</span>
          </span>
        </button>
      ) : (
        <Text k="video-unavailable" as="p" className="px-6 text-center">
          هذا الفيديو غير متاح للعرض حالياً.
        </Text>
      )}
    </div>
  );
}

function ImageView({ item }: { item: Extract<GalleryItem, { type: "image" }> }) {
  return (
    <a
      href={item.imageUrl}
      className="block bg-surface"
      aria-label={`عرض الصورة كاملة: ${item.title}`}
    >
      <img
        src={item.imageUrl}
        alt={item.description || item.title}
        loading="lazy"
        className="aspect-video w-full object-cover"
      />
    </a>
  );
}

/** One card of the media grid: the medium, a type badge, category, date and views. */
export function GalleryCard({ item }: { item: GalleryItem }) {
  const isVideo = item.type === "video";
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
      data-testid="gallery-card"
      data-type={item.type}
    >
      {isVideo ? <VideoPlayer item={item} /> : <ImageView item={item} />}
      <span
        className={cn(
          "absolute start-3 top-3 inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold shadow",
          isVideo ? "bg-white text-primary-dark" : "bg-accent-light text-ink",
        )}
      >
        {isVideo ? (
          <>
            <Video aria-hidden className="size-4" />
            <Text k="badge-video">فيديو</Text>
          </>
        ) : (
          <>
            <ImageIcon aria-hidden className="size-4" />
            <Text k="badge-image">صورة</Text>
          </>
        )}
      </span>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg">{item.title}</h3>
        {item.description && <p className="text-muted">{item.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-sm text-muted">
          <span className="rounded-full bg-primary-light px-3 py-0.5 font-medium text-primary-dark">
            {item.category}
          </span>
          <time dateTime={isoDate(item.date)}>{formatDate(item.date)}</time>
          {isVideo && (
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden className="size-4" />
              {formatCount(item.views)} <Text k="views-label">مشاهدة</Text>
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
