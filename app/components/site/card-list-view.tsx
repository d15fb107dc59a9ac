import type { ReactNode } from "react";
import { CardGrid, InfoCard } from "~/components/page";
import { cardIcon } from "~/shared/card-icons";
import type { CardItem } from "~/shared/card-items";

/** What a page adds to one of its code-defined cards (a program's figures, a phase's years). */
export interface CardExtras {
  badge?: string;
  children?: ReactNode;
}

/** How a list is laid out: a grid of cards, or a numbered list (the strategy's phases). */
export interface CardListLayout {
  columns?: 2 | 3 | 4;
  /** Extra classes of the grid (e.g. `lg:grid-cols-4`). */
  className?: string;
  /** An `<ol>` with this class, each card in an `<li className="flex">`. */
  ordered?: string;
  /** The linked cards' "read more" cue. */
  more?: string;
}

export interface CardListViewProps extends CardListLayout {
  items: readonly CardItem[];
  /** Each card's page texts are keyed `${blockPrefix}${item.key}-title`, `-description`… */
  blockPrefix?: string;
  /** What the page adds to a card, by its key (cards added later have none). */
  extras?: (key: string) => CardExtras | undefined;
  /** Edit mode's controls under a card (never inside it: a card may be a link). */
  controls?: (item: CardItem, index: number) => ReactNode;
}

/** One card as every list draws it: an InfoCard whose texts are page texts of the card's key. */
export function CardView({
  item,
  blockPrefix = "",
  more,
  extras,
  className,
}: {
  item: CardItem;
  blockPrefix?: string;
  more?: string;
  extras?: CardExtras;
  className?: string;
}) {
  return (
    <InfoCard
      k={`${blockPrefix}${item.key}`}
      icon={cardIcon(item.icon)}
      title={item.title}
      description={item.text}
      to={item.link}
      more={item.link ? more : undefined}
      image={item.image}
      badge={extras?.badge}
      className={className}
    >
      {extras?.children}
    </InfoCard>
  );
}

/**
 * A list of cards, the shape every card list of the site shares (and a page built from blocks can
 * use with its own items). Without `controls` it is exactly the markup the pages had before lists
 * were editable.
 */
export function CardListView({
  items,
  blockPrefix,
  extras,
  controls,
  columns,
  className,
  ordered,
  more,
}: CardListViewProps) {
  const card = (item: CardItem, cardClass?: string) => (
    <CardView
      key={item.key}
      item={item}
      blockPrefix={blockPrefix}
      more={more}
      extras={extras?.(item.key)}
      className={cardClass}
    />
  );
  if (ordered) {
    return (
      <ol className={ordered}>
        {items.map((item, index) => (
          <li key={item.key} className={controls ? "flex flex-col gap-2" : "flex"}>
            {card(item, "w-full")}
            {controls?.(item, index)}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <CardGrid columns={columns} className={className}>
      {items.map((item, index) =>
        controls ? (
          <div key={item.key} className="flex flex-col gap-2" data-card={item.key}>
            {card(item, "flex-1")}
            {controls(item, index)}
          </div>
        ) : (
          card(item)
        ),
      )}
    </CardGrid>
  );
}
