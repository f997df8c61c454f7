// Embed Code for Squarespace: the gallery's iframe snippet, Copy and Preview,
// and what stops the code from working yet (a draft, a local-only address).
import { Code, ExternalLink, Info } from "lucide-react";
import { useId, type ReactNode } from "react";
import { CopyButton } from "~/components/copy-button";
import { Button } from "~/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { Textarea } from "~/ui/textarea";
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
  const headingId = useId();
  const code = galleryEmbedCode({ origin, slug, name });
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline">
          <Code aria-hidden="true" />
          Embed Code
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={headingId} className="grid w-[min(32rem,calc(100vw-2rem))] gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold">
            Embed Code for Squarespace
          </h2>
          <p className="text-sm text-muted-foreground">
            Paste this into a Code block on your site. The frame grows to fit the gallery.
          </p>
        </div>
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
        <Textarea
          readOnly
          value={code}
          rows={6}
          aria-label="Embed code"
          spellCheck={false}
          className="font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={galleryPath(slug)} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              Preview
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
          <CopyButton text={code} toastMessage="Copied to clipboard!" label="Copy" copiedLabel="Copied!" />
        </div>
      </PopoverContent>
    </Popover>
  );
}
