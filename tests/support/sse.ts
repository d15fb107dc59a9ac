/** One Server-Sent Event as a browser's EventSource would see it. */
export interface ServerSentEvent {
  /** `message` unless the server named it (`event: resync`). */
  event: string;
  data: unknown;
}

/**
 * Opens `url` as an event stream (with `cookie`, if given) and collects its events in the
 * background. `waitFor` resolves with the first matching event from the `from`-th on, whether
 * it came already or comes within `timeoutMs`.
 */
export async function openEventStream(
  url: string,
  {
    cookie,
    fetch: fetchWith = fetch,
  }: {
    cookie?: string;
    /** Another client (through a proxy over HTTPS: tests/e2e/support/https-client.ts). */
    fetch?: (url: string, init: { headers: Record<string, string> }) => Promise<Response>;
  } = {},
) {
  const controller = new AbortController();
  const response = await fetchWith(url, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  } as RequestInit & { headers: Record<string, string> });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const events: ServerSentEvent[] = [];
  const listeners = new Set<() => void>();
  let ended = false;

  const reading = (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
        const lines = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field("data");
        if (data === undefined) continue; // a comment (heartbeat) or the retry line
        events.push({ event: field("event") ?? "message", data: JSON.parse(data) });
        for (const listener of listeners) listener();
      }
    }
  })()
    .catch(() => {}) // aborted by close()
    .finally(() => {
      ended = true;
      for (const listener of listeners) listener();
    });

  function waitFor(
    matches: (event: ServerSentEvent) => boolean,
    { from = 0, timeoutMs = 5_000 } = {},
  ): Promise<ServerSentEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(matches);
        if (!found && !ended) return;
        clearTimeout(timer);
        listeners.delete(check);
        if (found) resolve(found);
        else
          reject(new Error(`the stream ended without the event; it had ${JSON.stringify(events)}`));
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  }

  return {
    response,
    /** Every event received so far, in order. */
    events,
    waitFor,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
