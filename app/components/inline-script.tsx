// An inline script of a server-rendered page, carrying the page's nonce so the
// Content-Security-Policy lets it (and only it) run.
import { useNonce } from "~/lib/nonce";

export function InlineScript({ source }: { source: string }) {
  return <script nonce={useNonce()} dangerouslySetInnerHTML={{ __html: source }} />;
}
