import type { KeyboardEvent, MouseEvent } from "react";

/**
 * Handlers for editor parts rendered in a portal. React sends their events up the component
 * tree, through the link or menu button that holds the block: stop them there, and never let
 * a click inside (on a link in a preview, say) navigate.
 */
export const containEvents = {
  onClick(event: MouseEvent) {
    event.stopPropagation();
    if ((event.target as Element).closest("a[href]")) event.preventDefault();
  },
  onKeyDown(event: KeyboardEvent) {
    event.stopPropagation();
  },
};
