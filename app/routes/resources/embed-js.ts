// GET /embed.js: the script the embed snippet loads on the company's own site.
import embedScript from "~/embed/embed.js?raw";

export function loader() {
  return new Response(embedScript, {
    headers: {
      "Content-Type": "application/javascript; charset=utf-8",
      // Snippets name this URL forever, so it cannot be fingerprinted: a short cache.
      "Cache-Control": "public, max-age=3600",
      "Access-Control-Allow-Origin": "*",
      // Other sites load it with <script src>: not only this origin (helmet's default).
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
