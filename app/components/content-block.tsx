import { createContext, type ElementType, useContext, useMemo } from "react";
import { useLoadedEditors } from "~/components/edit-mode/loaded-editors";
import { cn } from "~/shared/cn";
import { type BlockMap, type BlockState, blockId } from "~/shared/content-blocks";

interface LoadedBlocks {
  blocks: BlockMap;
  /** The page paths whose stored texts `blocks` holds; undefined: every path inside. */
  paths?: ReadonlySet<string>;
}

const BlocksContext = createContext<LoadedBlocks | null>(null);
const ScopeContext = createContext<string>("/");

/**
 * Provides the stored texts that a loader read. With `paths`, a block of any other page path
 * shows its default as loading until its texts arrive.
 */
export function BlocksProvider({
  value,
  paths,
  children,
}: {
  value: BlockMap;
  paths?: string[];
  children: React.ReactNode;
}) {
  const pathKey = paths?.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathKey stands for paths.
  const loaded = useMemo(
    () => ({ blocks: value, paths: paths && new Set(paths) }),
    [value, pathKey],
  );
  return <BlocksContext.Provider value={loaded}>{children}</BlocksContext.Provider>;
}

/**
 * Sets the page path that blocks inside belong to: the page's own path, or the shared
 * layout path for the header and footer (docs/decisions/005-content-blocks.md).
 */
export function BlockScope({ path, children }: { path: string; children: React.ReactNode }) {
  return <ScopeContext.Provider value={path}>{children}</ScopeContext.Provider>;
}

export function useBlock(k: string, fallback: string): BlockState {
  const pagePath = useContext(ScopeContext);
  const loaded = useContext(BlocksContext);
  const current = loaded?.blocks[blockId(pagePath, k)] ?? null;
  return {
    pagePath,
    key: k,
    value: current?.value ?? fallback,
    stored: Boolean(current),
    current,
    fallback,
    loading: Boolean(loaded?.paths && !loaded.paths.has(pagePath)),
  };
}

type BlockProps = {
  /** The content key, unique within its page. */
  k: string;
  as?: ElementType;
  className?: string;
  id?: string;
};

const LOADING_CLASS = "animate-pulse opacity-70";

/**
 * An editable plain text: `<Text k="hero-title" as="h1">default</Text>`. A default that is a
 * setting's field names it (`setting`): while no text is stored, a reader's held page applies
 * a new value of the setting to it (docs/decisions/055).
 */
export function Text({
  k,
  as: Tag = "span",
  className,
  id,
  setting,
  children,
}: BlockProps & { children: string; setting?: string }) {
  const block = useBlock(k, children);
  const editors = useLoadedEditors();
  const plain = (
    <Tag
      className={cn(className, block.value.includes("\n") && "whitespace-pre-line") || undefined}
      id={id}
      data-block={k}
      data-setting={block.stored ? undefined : setting}
    >
      {block.loading ? <BlockLoading text={block.value} /> : block.value}
    </Tag>
  );
  // The editor is there only for an admin on a hydrated page; visitors never download it.
  if (!editors) return plain;
  return <editors.EditableBlock block={block} kind="text" as={Tag} className={className} id={id} />;
}

/** An editable rich text; the default is trusted markup written in our source. */
export function Html({ k, as: Tag = "div", className, id, html }: BlockProps & { html: string }) {
  const block = useBlock(k, html);
  const editors = useLoadedEditors();
  const plain = (
    <Tag
      className={cn(className, block.loading && LOADING_CLASS) || undefined}
      id={id}
      data-block={k}
      aria-busy={block.loading || undefined}
      {...htmlContent(block)}
    />
  );
  if (!editors) return plain;
  return <editors.EditableBlock block={block} kind="html" as={Tag} className={className} id={id} />;
}

/** A stored plain-text value in an html block is shown as text, never parsed as markup. */
export function htmlContent(block: Pick<BlockState, "value" | "current">) {
  return block.current?.type === "text"
    ? { children: block.value }
    : { dangerouslySetInnerHTML: { __html: block.value } };
}

function BlockLoading({ text }: { text: string }) {
  return (
    <span className={LOADING_CLASS} aria-busy="true">
      {text}
    </span>
  );
}
