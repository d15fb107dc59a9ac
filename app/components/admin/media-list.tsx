import type { ReactNode } from "react";
import { type ContentType, staffSection } from "~/shared/content-types";
import { type ListPage, StaffListScreen } from "./list-screen";
import { MediaGrid, MediaGridItem } from "./media-card";
import { StaffRowActions } from "./row-actions";
import type { CardGrid } from "./skeletons";

/**
 * A media type's staff list (the images, the videos): its list frame around a grid of its cards,
 * each given its row buttons (publish toggle when the row has a status, edit, delete).
 */
export function StaffMediaList<Row extends { id: string; title: string; status?: string }>({
  type,
  grid,
  label,
  rows,
  deleteMessage,
  searching,
  loadError,
  page,
  card,
}: {
  type: ContentType;
  grid: CardGrid;
  /** The grid's name for screen readers. */
  label: string;
  rows: readonly Row[];
  /** The delete button's question. */
  deleteMessage: string;
  searching: boolean;
  loadError: string | null;
  page: ListPage;
  /** One row's card, its row buttons passed as its actions. */
  card: (row: Row, actions: ReactNode) => ReactNode;
}) {
  return (
    <StaffListScreen type={type} searching={searching} loadError={loadError} page={page}>
      <MediaGrid grid={grid} label={label}>
        {rows.map((row) => (
          <MediaGridItem key={row.id}>
            {card(
              row,
              <StaffRowActions
                row={row}
                editTo={staffSection(type.name).edit(row.id)}
                deleteMessage={deleteMessage}
              />,
            )}
          </MediaGridItem>
        ))}
      </MediaGrid>
    </StaffListScreen>
  );
}
