// Embed Code: the iframe snippet of the project's public page, ready to copy.
import { Code } from "lucide-react";
import { useId } from "react";
import { CopyButton } from "~/components/copy-button";
import { Button } from "~/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { Textarea } from "~/ui/textarea";
import { projectEmbedCode } from "../embed";

export function EmbedCodePopover({
  projectName,
  title,
  origin,
}: {
  /** The saved project name; without one there is no page to embed. */
  projectName: string | null;
  title: string;
  origin: string;
}) {
  const headingId = useId();
  const code = projectName ? projectEmbedCode({ origin, projectName, title }) : null;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline">
          <Code aria-hidden="true" />
          Embed Code
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={headingId} className="grid w-[min(30rem,calc(100vw-2rem))] gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold">
            Embed Code
          </h2>
          <p className="text-sm text-muted-foreground">
            {code
              ? "Paste this into your website (a Squarespace code block, for example). The frame grows to fit the page."
              : "This project needs a project name first: add one in the form and save the project, then its embed code appears here."}
          </p>
        </div>
        {code ? (
          <>
            <Textarea
              readOnly
              value={code}
              rows={6}
              aria-label="Embed code"
              spellCheck={false}
              className="font-mono text-xs break-all"
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="flex justify-end">
              <CopyButton text={code} toastMessage="Embed code copied to clipboard" />
            </div>
          </>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
