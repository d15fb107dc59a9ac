import {
  concerns,
  HELD_STREAM,
  type HeldStream,
  type LiveEvent,
  type LivePage,
  RESYNC_EVENT,
} from "~/shared/live-event";

/**
 * Listens to /realtime for a page that has not its app yet. A change that concerns the page
 * (`concerns`, the page cache's and the app's own test) goes to `onChange`; a reconnect or a
 * re-sync (changes may have been missed) to `onMissed`. Both are remembered in `heard`: the app's
 * live updates (app/components/live-updates.ts) take the stream over with them.
 */
export function listenAsHeldPage(
  page: LivePage,
  handlers: { onChange: (event: LiveEvent) => void; onMissed: () => void },
) {
  if (!window.EventSource) return;
  const source = new EventSource("/realtime");
  const heard: HeldStream["heard"] = [];
  let opened = false;
  const missed = () => {
    heard.push(null);
    handlers.onMissed();
  };
  source.onopen = () => {
    if (opened) missed(); // a reconnect
    opened = true;
  };
  source.addEventListener(RESYNC_EVENT, missed);
  source.onmessage = (message) => {
    let event: LiveEvent | null;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    if (event && concerns(event, page)) {
      heard.push(event);
      handlers.onChange(event);
    }
  };
  const held: HeldStream = {
    source,
    heard,
    stop() {
      source.onopen = null;
      source.onmessage = null;
      source.removeEventListener(RESYNC_EVENT, missed);
    },
  };
  (window as { [HELD_STREAM]?: HeldStream })[HELD_STREAM] = held;
}
