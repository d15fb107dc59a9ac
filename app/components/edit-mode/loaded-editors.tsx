import { type ComponentType, createContext, type ElementType, useContext } from "react";
import type { BlockState } from "~/shared/content-blocks";

/**
 * The editor of page texts, fetched for an admin before edit mode is offered (visitors never
 * download it). Rendered straight from here, not through `React.lazy`: a lazy
 * component suspends on its first render even when its module has arrived, and React holds a
 * revealed boundary back up to 300 ms, so the hint «وضع التحرير مفعّل…» showed while a click on
 * a text still did nothing.
 */
export interface LoadedEditors {
  /** editable-block.tsx's, by its props: a type import would tie public code to the editor's. */
  EditableBlock: ComponentType<{
    block: BlockState;
    kind: "text" | "html";
    as: ElementType;
    className?: string;
    id?: string;
  }>;
}

export const LoadedEditorsContext = createContext<LoadedEditors | null>(null);

/** The editors once they have arrived and the page can react (EditModeProvider), else null. */
export const useLoadedEditors = () => useContext(LoadedEditorsContext);

export async function loadEditors(): Promise<LoadedEditors> {
  const block = await import("./editable-block");
  return { EditableBlock: block.EditableBlock };
}
