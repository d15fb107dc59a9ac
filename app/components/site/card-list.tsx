import { type ComponentProps, createContext, type ReactNode, useContext } from "react";
import { useEditMode } from "~/components/edit-mode/edit-mode-state";
import { useLoadedCardListEditor } from "~/components/edit-mode/loaded-card-list-editor";
import { Section } from "~/components/page";
import type { CardListMap, StoredCardList } from "~/shared/card-items";
import type { CardListDefinition } from "~/shared/card-list-definitions";
import { blockId } from "~/shared/content-blocks";
import { type CardExtras, type CardListLayout, CardListView } from "./card-list-view";

export {
  type CardExtras,
  type CardListLayout,
  CardListView,
  type CardListViewProps,
  CardView,
} from "./card-list-view";

// ─── the page's stored lists ───────────────────────────────────────────────────────────────

const CardListsContext = createContext<CardListMap>({});

/** Provides the stored card lists the site layout loaded (and live events brought since). */
export function CardListsProvider({
  value,
  children,
}: {
  value: CardListMap;
  children: ReactNode;
}) {
  return <CardListsContext.Provider value={value}>{children}</CardListsContext.Provider>;
}

/** The list as stored, or null when the page shows its built-in cards. */
export function useStoredCardList(list: CardListDefinition): StoredCardList | null {
  return useContext(CardListsContext)[blockId(list.pagePath, list.key)] ?? null;
}

/**
 * A card list admins can change in edit mode (docs/decisions/047): the stored cards, or the
 * code-defined ones until an admin changes the list.
 */
export function EditableCardList({
  list,
  extras,
  ...layout
}: CardListLayout & {
  list: CardListDefinition;
  extras?: (key: string) => CardExtras | undefined;
}) {
  const stored = useStoredCardList(list);
  const { enabled } = useEditMode();
  const Editor = useLoadedCardListEditor();
  const items = stored?.items ?? list.defaults;
  const view = (
    <CardListView items={items} blockPrefix={list.blockPrefix} extras={extras} {...layout} />
  );
  // The list editor is there only for an admin on a hydrated page (visitors never download it).
  if (!enabled || !Editor) return view;
  return <Editor list={list} stored={stored} extras={extras} layout={layout} />;
}

/** A page section whose whole content is one editable card list (the about/services pages). */
export function CardListSection({
  k,
  title,
  intro,
  tinted,
  ...cardList
}: Omit<ComponentProps<typeof Section>, "children" | "className"> &
  ComponentProps<typeof EditableCardList>) {
  return (
    <Section k={k} title={title} intro={intro} tinted={tinted}>
      <EditableCardList {...cardList} />
    </Section>
  );
}
