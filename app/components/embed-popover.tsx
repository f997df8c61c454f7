// The shell of an Embed Code popover (projects, galleries): the trigger, a
// heading and help text, optional notes, the read-only snippet (selected on
// focus) and its actions.
import { Code } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "~/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { Textarea } from "~/ui/textarea";

export function EmbedPopover({
  heading,
  description,
  code,
  notes,
  actions,
}: {
  heading: string;
  description: ReactNode;
  /** The snippet; null when there is nothing to embed yet (the description says why). */
  code: string | null;
  notes?: ReactNode;
  /** Buttons under the snippet (Copy, Preview…). */
  actions: ReactNode;
}) {
  const headingId = useId();
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
            {heading}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {notes}
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
            <div className="flex justify-end gap-2">{actions}</div>
          </>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
