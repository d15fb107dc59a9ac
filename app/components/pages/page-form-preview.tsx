import { BLOCK_LABELS, type PageBlockType } from "~/shared/page-blocks";

/** A loose view of a block as the form holds it (fields may still be empty or invalid). */
type DraftBlock = { type?: string; [field: string]: unknown } | undefined;

const text = (value: unknown) => (typeof value === "string" ? value.replace(/<[^>]*>/g, " ") : "");

function summary(block: NonNullable<DraftBlock>): string {
  switch (block.type) {
    case "text":
      return text(block.html).trim().slice(0, 160);
    case "image":
      return text(block.alt) || text(block.caption);
    case "cards": {
      const items = Array.isArray(block.items) ? (block.items as { title?: string }[]) : [];
      return items
        .map((item) => item?.title ?? "")
        .filter(Boolean)
        .join("، ");
    }
    case "cta":
      return `${text(block.label)} ← ${text(block.href)}`;
    case "video":
      return text(block.title) || text(block.youtubeId);
    default:
      return "";
  }
}

/**
 * The form's preview tab: the page's title and its blocks in order, each with what it holds.
 * The page itself (published) is at its address, rendered by the server.
 */
export function PageFormPreview({
  title,
  blocks,
}: {
  title: string | undefined;
  blocks: DraftBlock[] | undefined;
}) {
  return (
    <div className="space-y-4">
      <h2 className="text-2xl text-primary-dark">{title || "صفحة بلا عنوان"}</h2>
      <ol className="list-decimal space-y-2 ps-6">
        {(blocks ?? []).map((block, index) =>
          block ? (
            <li key={index}>
              <span className="font-medium">
                {BLOCK_LABELS[block.type as PageBlockType] ?? "كتلة"}
              </span>
              {summary(block) && <span className="text-muted"> — {summary(block)}</span>}
            </li>
          ) : null,
        )}
      </ol>
    </div>
  );
}
