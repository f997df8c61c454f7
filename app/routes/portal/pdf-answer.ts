// A client's PDF as the portal answers it: its name for the browser's viewer
// or download, never sniffed, never cached, framed by the app's own pages only.
export function pdfAnswer(
  body: ReadableStream<Uint8Array> | Uint8Array,
  size: number,
  name: string,
  disposition: "inline" | "attachment" = "inline",
): Response {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(body as BodyInit, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(size),
      "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // The browser's PDF viewer may run in a frame of the portal's pages; nothing else may load it.
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
    },
  });
}
