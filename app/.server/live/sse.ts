// better-sse's connection for a live stream (decision 0108: its Fetch adapter queues without bound
// and ignores a cancelled body): this one lets go of a browser too far behind, and a cancelled body
// or `close()` ends the session.
import { Connection } from "better-sse";

const HEADERS = new Headers(Connection.constants.RESPONSE_HEADERS);
HEADERS.set("Content-Type", "text/event-stream; charset=utf-8");
// no-transform: compression (ours, or a proxy's) must not hold events back to fill a block.
HEADERS.set("Cache-Control", "private, no-store, no-transform");
// Node would keep the socket open for it, even while the server drains.
HEADERS.delete("Connection");

export class StreamConnection extends Connection {
  readonly url: URL;
  /** The session ends when its signal aborts: only through `close()`. */
  readonly request: Request;
  readonly response: Response;
  private readonly ended = new AbortController();
  private readonly encoder = new TextEncoder();
  private controller!: ReadableStreamDefaultController<Uint8Array>;

  constructor(
    request: Request,
    private readonly maxQueuedBytes: number,
  ) {
    super();
    this.url = new URL(request.url);
    this.request = new Request(request.url, { headers: request.headers, signal: this.ended.signal });
    const body = new ReadableStream<Uint8Array>(
      { start: (controller) => void (this.controller = controller), cancel: () => this.close() },
      // Counted in bytes, so `desiredSize` says how far behind the browser is.
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    );
    this.response = new Response(body, { headers: HEADERS });
  }

  close = (): void => this.ended.abort();

  sendHead = (): void => {};

  sendChunk = (chunk: string): void => {
    if (this.ended.signal.aborted) return;
    // It reconnects and is sent what it missed, from the log.
    if ((this.controller.desiredSize ?? 0) < -this.maxQueuedBytes) return this.close();
    this.controller.enqueue(this.encoder.encode(chunk));
  };

  cleanup = (): void => {
    try {
      this.controller.close();
    } catch {
      // The browser went away first.
    }
  };
}
