// The frame of every embeddable page: the content, measured as one block for
// the parent's resize messages, and the page's one small inline script.
import { InlineScript } from "~/components/inline-script";
import frameScript from "~/embed/frame.js?raw";

export function EmbedFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <div data-embed-root>{children}</div>
      <InlineScript source={frameScript} />
    </>
  );
}
