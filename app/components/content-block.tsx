import { createContext, type ElementType, useContext } from "react";
import { type BlockMap, blockId } from "~/utils/content-blocks";

const BlocksContext = createContext<BlockMap>({});
const ScopeContext = createContext<string>("/");

/** Provides the stored texts that the page's loader read. */
export const BlocksProvider = BlocksContext.Provider;

/**
 * Sets the page path that blocks inside belong to: the page's own path, or the shared
 * layout path for the header and footer (docs/decisions/005-content-blocks.md).
 */
export function BlockScope({ path, children }: { path: string; children: React.ReactNode }) {
  return <ScopeContext.Provider value={path}>{children}</ScopeContext.Provider>;
}

/** Where a block lives and what it shows now; the in-place editor plugs in here. */
export function useBlock(k: string, fallback: string) {
  const pagePath = useContext(ScopeContext);
  const stored = useContext(BlocksContext)[blockId(pagePath, k)];
  return { pagePath, key: k, value: stored?.value ?? fallback, stored: Boolean(stored) };
}

type BlockProps = {
  /** The content key, unique within its page. */
  k: string;
  as?: ElementType;
  className?: string;
  id?: string;
};

/** An editable plain text: `<Text k="hero-title" as="h1">default</Text>`. */
export function Text({
  k,
  as: Tag = "span",
  className,
  id,
  children,
}: BlockProps & { children: string }) {
  const block = useBlock(k, children);
  return (
    <Tag className={className} id={id} data-block={k}>
      {block.value}
    </Tag>
  );
}

/** An editable rich text; the default is trusted markup written in our source. */
export function Html({ k, as: Tag = "div", className, id, html }: BlockProps & { html: string }) {
  const block = useBlock(k, html);
  return (
    <Tag
      className={className}
      id={id}
      data-block={k}
      dangerouslySetInnerHTML={{ __html: block.value }}
    />
  );
}
