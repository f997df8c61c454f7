// The edit page's actions beside its title: Embed Code, Open Preview,
// Duplicate and Delete (each of the last two asks first).
import { Copy, ExternalLink, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/ui/tooltip";
import { projectPreviewPath } from "../embed";
import { EmbedCodePopover } from "./embed-code-popover";

export function ProjectActions({
  title,
  projectName,
  embedOrigin,
  dirty,
}: {
  title: string;
  /** The saved project name. */
  projectName: string | null;
  embedOrigin: string;
  /** The form has unsaved changes (a duplicate copies the saved project). */
  dirty: boolean;
}) {
  const [deleting, setDeleting] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <EmbedCodePopover projectName={projectName} title={title} origin={embedOrigin} />
      <OpenPreview projectName={projectName} />
      <Button type="button" variant="outline" onClick={() => setDuplicating(true)}>
        <Copy aria-hidden="true" />
        Duplicate
      </Button>
      <Button type="button" variant="outline" onClick={() => setDeleting(true)} className="text-destructive">
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <DuplicateDialog open={duplicating} onOpenChange={setDuplicating} title={title} dirty={dirty} />
      <ConfirmDelete
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete "${title}"?`}
        description="This action cannot be undone. The project, its images, videos and playground options will be permanently deleted. A project with contracts cannot be deleted."
        fields={{ intent: "delete" }}
      />
    </div>
  );
}

function OpenPreview({ projectName }: { projectName: string | null }) {
  const hintId = useId();
  if (projectName) {
    return (
      <Button asChild variant="outline">
        <a href={projectPreviewPath(projectName)} target="_blank" rel="noopener">
          <ExternalLink aria-hidden="true" />
          Open Preview
        </a>
      </Button>
    );
  }
  const hint = "Add a project name and save to preview the project's page.";
  // aria-disabled rather than disabled, so it can still be focused and explain itself.
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="outline"
          aria-disabled="true"
          aria-describedby={hintId}
          className="cursor-not-allowed opacity-50"
          onClick={(event) => event.preventDefault()}
        >
          <ExternalLink aria-hidden="true" />
          Open Preview
          <span id={hintId} className="sr-only">
            {hint}
          </span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}

function DuplicateDialog({
  open,
  onOpenChange,
  title,
  dirty,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  dirty: boolean;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  // A refusal answers here (a success moves to the copy's page): close then.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) onOpenChange(false);
    wasBusy.current = busy;
  }, [busy, onOpenChange]);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Duplicate this project?</AlertDialogTitle>
          <AlertDialogDescription>
            A new draft, &ldquo;{title} (copy)&rdquo;, gets this project&rsquo;s details, dimensions and playground
            options, but no images, videos or project name.
            {dirty ? (
              <strong className="mt-2 block text-foreground">
                Your unsaved changes are not copied, and they will be lost.
              </strong>
            ) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="duplicate" />
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {busy ? "Duplicating..." : "Duplicate"}
            </Button>
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
