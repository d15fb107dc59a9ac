import { createContext, useContext } from "react";
import type { CardListEditor } from "./card-list-editor";

/**
 * The card lists' editor, fetched with the text editor before edit mode is offered and rendered
 * from here for the same reason (loaded-editors.tsx). A module of its own: the lists' editor
 * shows the page's cards, whose components hold texts, which read loaded-editors.tsx.
 */
export type LoadedCardListEditor = typeof CardListEditor;

export const CardListEditorContext = createContext<LoadedCardListEditor | null>(null);

/** The card lists' editor once it has arrived and the page can react, else null. */
export const useLoadedCardListEditor = () => useContext(CardListEditorContext);

export const loadCardListEditor = (): Promise<LoadedCardListEditor> =>
  import("./card-list-editor").then((module) => module.CardListEditor);
