// Server-sent events on the wire (the HTML standard's text/event-stream): one
// frame per event, each line of its data prefixed, a blank line to end it.

export interface SseFrame {
  event?: string;
  /** Becomes the browser's last event id, sent back as Last-Event-ID when it reconnects. */
  id?: number | string;
  /** Milliseconds the browser waits before reconnecting. */
  retry?: number;
  data?: unknown;
}

export function sseFrame(frame: SseFrame): string {
  let text = "";
  if (frame.retry !== undefined) text += `retry: ${frame.retry}\n`;
  if (frame.id !== undefined) text += `id: ${frame.id}\n`;
  if (frame.event) text += `event: ${frame.event}\n`;
  // JSON has no raw newline; a string might.
  const data = typeof frame.data === "string" ? frame.data : JSON.stringify(frame.data ?? {});
  for (const line of data.split("\n")) text += `data: ${line}\n`;
  return `${text}\n`;
}

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: compression (ours, or a proxy's) must not hold events back to fill a block.
  "Cache-Control": "private, no-store, no-transform",
  // nginx and some others buffer responses unless told not to; Caddy flushes event streams.
  "X-Accel-Buffering": "no",
} as const;
