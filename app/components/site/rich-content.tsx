import { VideoPlayer } from "~/components/admin/video-player";
import { cn } from "~/shared/cn";
import type { RenderedPart } from "~/shared/page-blocks";

/**
 * Sanitized rich text as a page shows it (the one allowlist, again at render), its YouTube
 * links as our player: a post's, an event's or a page's text block.
 */
export function RichContent({
  parts,
  title,
  className,
  testId,
}: {
  parts: readonly RenderedPart[];
  /** The page's title, the videos' accessible name. */
  title: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn("article-body", className)} data-testid={testId}>
      {parts.map((part, index) =>
        part.kind === "youtube" ? (
          <div key={index} className="my-8 overflow-hidden rounded-2xl">
            <VideoPlayer youtubeId={part.id} title={title} />
          </div>
        ) : (
          <div key={index} className="contents" dangerouslySetInnerHTML={{ __html: part.html }} />
        ),
      )}
    </div>
  );
}
