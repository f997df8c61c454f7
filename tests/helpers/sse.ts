// Reads a server-sent-events answer as a browser's EventSource would: frames
// with an event name, an id and JSON data, in order; `next` waits for one.
export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

export interface SseReader {
  /** Every frame read so far. */
  readonly events: SseEvent[];
  /** Whether the server ended the stream. */
  readonly ended: boolean;
  /** The first frame not yet taken that `matches` (waiting for it), taking it and those before it. */
  next(matches?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  closed(timeoutMs?: number): Promise<void>;
  cancel(): Promise<void>;
}

function parseFrame(block: string): SseEvent | undefined {
  let event = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    const colon = line.indexOf(":");
    if (colon === 0) continue;
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return undefined;
  const text = data.join("\n");
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Plain text data.
  }
  return { event, id, data: parsed };
}

export function readSse(response: Response): SseReader {
  if (!response.body) throw new Error("readSse: the answer has no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let taken = 0;
  let ended = false;
  let wake: (() => void) | undefined;
  const changed = () => {
    wake?.();
    wake = undefined;
  };
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (frame) events.push(frame);
        }
        changed();
      }
    } catch {
      // Cancelled.
    }
    ended = true;
    changed();
  })();
  const waitFor = async <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (ended) throw new Error(`readSse: the stream ended before ${what}; read ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`readSse: no ${what} within ${timeoutMs} ms; read ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(left, 100));
      });
    }
  };
  return {
    events,
    get ended() {
      return ended;
    },
    next(matches = () => true, timeoutMs = 5000) {
      return waitFor(
        () => {
          for (let i = taken; i < events.length; i++) {
            if (matches(events[i]!)) {
              taken = i + 1;
              return events[i]!;
            }
          }
          return undefined;
        },
        timeoutMs,
        "matching event",
      );
    },
    async closed(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error(`readSse: still open after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
