import {
  type KeyboardEvent,
  type Ref,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "~/shared/cn";
import { EDIT_CONTROLS_HINT_ID } from "./edit-mode-state";

/** Ancestors whose own click would navigate, submit or toggle a menu. */
export const INTERACTIVE_ANCESTOR =
  "a[href], button, summary, label, [role='button'], [role='link'], [role='menuitem'], [role='tab']";

/**
 * A part of the page whose edit controls share one Tab stop (docs/decisions/034): the arrow
 * keys, Home and End move between them. Edit mode adds one Tab stop per group, not per text.
 * Cards (`article`) belong to the section that lists them.
 */
const GROUP = "header, nav, footer, section, aside, form, main, [data-edit-group]";
const CONTROL = "[data-edit-control]";

const groupOf = (control: Element) => control.closest(GROUP) ?? document.body;
const isShown = (control: HTMLElement) => control.checkVisibility({ visibilityProperty: true });

/** The group's controls in page order (those of a group nested inside belong to that one). */
function controlsOf(group: Element) {
  return [...group.querySelectorAll<HTMLElement>(CONTROL)].filter((c) => groupOf(c) === group);
}

/** Makes `stop` (else the group's shown Tab stop, else its first shown control) its one Tab stop. */
function rove(group: Element, stop?: HTMLElement) {
  const controls = controlsOf(group);
  const target =
    stop ??
    controls.find((c) => c.tabIndex === 0 && isShown(c)) ??
    controls.find(isShown) ??
    controls[0];
  for (const control of controls) control.tabIndex = control === target ? 0 : -1;
}

const pending = new Set<Element>();
/** Re-elects the Tab stop of the groups whose controls came or went, once per frame. */
function scheduleRove(group: Element) {
  if (pending.size === 0) {
    requestAnimationFrame(() => {
      for (const each of pending) if (each.isConnected) rove(each);
      pending.clear();
    });
  }
  pending.add(group);
}

/**
 * A menu closing or opening hides or shows controls: after each focus move, a group whose Tab
 * stop is no longer shown gets a shown one. Installed once, while any control exists.
 */
let watchers = 0;
function recheckHiddenStops() {
  requestAnimationFrame(() => {
    const groups = new Set([...document.querySelectorAll(CONTROL)].map(groupOf));
    for (const group of groups) {
      const stop = controlsOf(group).find((c) => c.tabIndex === 0);
      if (!stop || !isShown(stop)) rove(group);
    }
  });
}
function useStopWatcher() {
  useEffect(() => {
    if (watchers++ === 0) document.addEventListener("focusin", recheckHiddenStops);
    return () => {
      if (--watchers === 0) document.removeEventListener("focusin", recheckHiddenStops);
    };
  }, []);
}

const NEXT = new Set(["ArrowDown", "ArrowLeft"]);
const PREVIOUS = new Set(["ArrowUp", "ArrowRight"]);

/** Arrow keys (right-to-left: left is next), Home and End move within the control's group. */
function moveWithinGroup(event: KeyboardEvent<HTMLButtonElement>) {
  const { key } = event;
  if (!NEXT.has(key) && !PREVIOUS.has(key) && key !== "Home" && key !== "End") return;
  event.preventDefault();
  // The page's own handlers (a menu's keys) never see these.
  event.stopPropagation();
  const controls = controlsOf(groupOf(event.currentTarget)).filter(isShown);
  const at = controls.indexOf(event.currentTarget);
  const last = controls.length - 1;
  const index =
    key === "Home"
      ? 0
      : key === "End"
        ? last
        : NEXT.has(key)
          ? Math.min(at + 1, last)
          : Math.max(at - 1, 0);
  controls[index]?.focus();
}

/**
 * Where the control of a text inside a link or button goes: a slot placed right after that
 * link or button, so the control is never nested in it (the text keeps its element and role).
 */
function useSlotAfterAncestor(block: RefObject<HTMLElement | null>, active: boolean) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const ancestor = active
      ? block.current?.parentElement?.closest<HTMLElement>(INTERACTIVE_ANCESTOR)
      : null;
    if (!ancestor) return;
    const element = document.createElement("span");
    element.dataset.editSlot = "";
    ancestor.after(element);
    setSlot(element);
    return () => {
      element.remove();
      setSlot(null);
    };
  }, [active, block]);
  return slot;
}

/** The one edit control of a text: a 44 px pencil button. */
const CONTROL_CLASS =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-strong align-middle text-white shadow ring-2 ring-white hover:brightness-110 print:hidden";

/**
 * Beside a text inside a link or button it shows only while focused: the menus keep their
 * layout, pointer users click the text itself, and keyboards reach it with Tab and the arrows.
 * Hidden, it lies over the end of its link rather than past it, so a link at the screen's edge
 * does not make the page scroll sideways (docs/decisions/042); focused, it moves beside it.
 */
const REVEALED_ON_FOCUS =
  "absolute z-50 -ms-11 [clip-path:inset(50%)] focus:ms-2 focus:[clip-path:none]";

function PencilIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z" />
    </svg>
  );
}

/**
 * The labelled edit control of one text: beside it, or for a text inside a link or button
 * (a menu item, a call to action) right after that link or button. It is one of its group's
 * controls, which share a single Tab stop.
 */
export function EditControl({
  ref,
  block,
  blockKey,
  anchored,
  label,
  expanded,
  onOpen,
}: {
  ref: Ref<HTMLButtonElement>;
  /** The text's own element. */
  block: RefObject<HTMLElement | null>;
  blockKey: string;
  anchored: boolean;
  label: string;
  expanded: boolean;
  onOpen: () => void;
}) {
  const slot = useSlotAfterAncestor(block, anchored);
  const own = useRef<HTMLButtonElement>(null);
  useStopWatcher();
  const placed = anchored ? slot : true;
  useLayoutEffect(() => {
    const button = own.current;
    if (!placed || !button) return;
    const group = groupOf(button);
    scheduleRove(group);
    return () => scheduleRove(group);
  }, [placed]);

  const button = (
    <button
      ref={(element) => {
        own.current = element;
        if (typeof ref === "function") ref(element);
        else if (ref) ref.current = element;
      }}
      type="button"
      className={cn(CONTROL_CLASS, anchored ? REVEALED_ON_FOCUS : "ms-2")}
      aria-label={label}
      aria-expanded={expanded}
      aria-describedby={EDIT_CONTROLS_HINT_ID}
      data-edit-control={blockKey}
      onFocus={(event) => rove(groupOf(event.currentTarget), event.currentTarget)}
      onKeyDown={moveWithinGroup}
      onClick={(event) => {
        // In a portal React still bubbles the click to the link or button around the text.
        event.stopPropagation();
        onOpen();
      }}
    >
      <PencilIcon />
    </button>
  );
  if (!anchored) return button;
  return slot ? createPortal(button, slot) : null;
}

/**
 * Makes a button one of its group's edit controls (a card list's move and remove buttons,
 * docs/decisions/047): it shares the group's one Tab stop, and the arrow keys, Home and End move
 * between the group's controls as they do between its text controls.
 */
export function useGroupedControl(controlKey: string) {
  const own = useRef<HTMLButtonElement | null>(null);
  useStopWatcher();
  useLayoutEffect(() => {
    const button = own.current;
    if (!button) return;
    const group = groupOf(button);
    scheduleRove(group);
    return () => scheduleRove(group);
  }, []);
  return {
    ref: own,
    tabIndex: -1,
    "data-edit-control": controlKey,
    "aria-describedby": EDIT_CONTROLS_HINT_ID,
    onFocus: (event: React.FocusEvent<HTMLButtonElement>) =>
      rove(groupOf(event.currentTarget), event.currentTarget),
    onKeyDown: moveWithinGroup,
  };
}
