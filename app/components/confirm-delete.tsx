// A destructive action behind a confirmation: the dialog posts a form through a
// fetcher, stays open while it works, and closes when the server answered.
import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ActionResult } from "~/lib/action-result";
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

export function ConfirmDelete({
  open,
  onOpenChange,
  title,
  description,
  fields,
  action,
  confirmLabel = "Delete",
  busyLabel = "Deleting...",
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Hidden fields posted on confirm (intent, id…). */
  fields: Record<string, string>;
  /** Where to post; the current route by default. */
  action?: string;
  confirmLabel?: string;
  busyLabel?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const revalidator = useRevalidator();
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      onOpenChange(false);
      // A refused delete (4xx) skips the page's revalidation, yet the list may be
      // stale (someone else deleted the row): show what is there now.
      if (fetcher.data?.ok === false) void revalidator.revalidate();
    }
    wasBusy.current = busy;
  }, [busy, onOpenChange, fetcher.data, revalidator]);

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <fetcher.Form method="post" action={action}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="destructive" disabled={busy} className="w-full sm:w-auto">
              {busy ? busyLabel : confirmLabel}
            </Button>
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
