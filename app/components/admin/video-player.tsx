import { Play, TriangleAlert, Video } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isYoutubeId, youtubeEmbedUrl } from "~/shared/youtube";

/**
 * A YouTube video in the staff area, in YouTube's privacy-enhanced player. With
 * `start="on-click"` (the lists) it waits behind a local poster until someone presses play,
 * so a list of many videos stays fast and nothing is fetched from YouTube until then; with
 * `start="at-once"` (the form's live preview) the player loads as soon as the id is valid.
 * `onPlayerLoad` runs when the player has finished loading (the list counts a view then).
 */
export function VideoPlayer({
  youtubeId,
  title,
  start = "on-click",
  onPlayerLoad,
}: {
  youtubeId: string;
  title: string;
  start?: "on-click" | "at-once";
  onPlayerLoad?: () => void;
}) {
  const [pressedPlay, setPressedPlay] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);

  // The play button goes away when pressed: keyboard focus moves on to the player.
  useEffect(() => {
    if (pressedPlay) player.current?.focus();
  }, [pressedPlay]);

  const frame = "aspect-video w-full bg-ink";
  if (!isYoutubeId(youtubeId)) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-accent-light px-6 text-center text-[#7a5513]">
        <TriangleAlert aria-hidden className="size-9" />
        <p className="font-medium">لا يمكن عرض هذا الفيديو</p>
        <p className="text-sm">
          «<span dir="auto">{youtubeId}</span>» ليس رابط فيديو من يوتيوب. عدّل الفيديو والصق رابطه
          كما يظهر في يوتيوب.
        </p>
      </div>
    );
  }
  if (start === "on-click" && !pressedPlay) {
    return (
      <div className="relative flex aspect-video w-full items-center justify-center bg-gradient-to-br from-primary-dark to-primary text-white">
        <Video aria-hidden className="absolute end-4 top-4 size-7 opacity-40" />
        <button
          type="button"
          onClick={() => setPressedPlay(true)}
          aria-label={`تشغيل الفيديو: ${title}`}
          className="flex flex-col items-center gap-2 rounded-2xl p-3 font-medium transition motion-safe:hover:scale-105 motion-safe:focus-visible:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-white text-primary-dark shadow-lg">
            <Play aria-hidden className="size-8 fill-current" />
          </span>
          <span>تشغيل الفيديو</span>
        </button>
      </div>
    );
  }
  return (
    <iframe
      ref={player}
      key={youtubeId}
      src={youtubeEmbedUrl(youtubeId, { autoplay: pressedPlay })}
      title={`مشغّل الفيديو: ${title}`}
      loading="lazy"
      onLoad={onPlayerLoad}
      className={frame}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
