// Embed Code for Squarespace: the gallery's iframe snippet, Copy and Preview,
// and what stops the code from working yet (a draft, a local-only address).
import { ExternalLink, Info } from "lucide-react";
import type { ReactNode } from "react";
import { CopyButton } from "~/components/copy-button";
import { EmbedPopover } from "~/components/embed-popover";
import { Button } from "~/ui/button";
import { galleryEmbedCode, galleryPath } from "../embed";

function Note({ children }: { children: ReactNode }) {
  return (
    <p className="flex gap-2 rounded-md border border-warning/30 bg-warning/10 p-2 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <span>{children}</span>
    </p>
  );
}

export function GalleryEmbedPopover({
  slug,
  name,
  published,
  origin,
  localOnly,
}: {
  slug: string;
  name: string;
  published: boolean;
  /** Where the code points: PUBLIC_URL, else the address this page was reached at. */
  origin: string;
  /** The origin is a loopback address (no PUBLIC_URL): the code works on this machine only. */
  localOnly: boolean;
}) {
  const code = galleryEmbedCode({ origin, slug, name });
  return (
    <EmbedPopover
      heading="Embed Code for Squarespace"
      description="Paste this into a Code block on your site. The frame grows to fit the gallery."
      code={code}
      notes={
        <>
          {published ? null : (
            <Note>
              This gallery is a draft: publish it first, or the frame shows &ldquo;Gallery Not Found&rdquo; to visitors.
            </Note>
          )}
          {localOnly ? (
            <Note>
              This code points at <span className="font-mono break-all">{origin}</span>, which only this computer can
              reach. It will work on your website once the app runs at its public address: set{" "}
              <code className="font-mono">PUBLIC_URL</code> and copy the code again.
            </Note>
          ) : null}
        </>
      }
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <a href={galleryPath(slug)} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              Preview
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
          <CopyButton text={code} toastMessage="Copied to clipboard!" label="Copy" copiedLabel="Copied!" />
        </>
      }
    />
  );
}
