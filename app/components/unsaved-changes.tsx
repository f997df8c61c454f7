// Warns before leaving a form with unsaved changes: an in-app navigation asks
// 'Leave without saving?', closing or reloading the tab gets the browser's own
// prompt. Saving is not leaving: a post to the same page and the redirect that
// follows a save are never held back.
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { type Blocker, useBlocker } from "react-router";
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

function snapshot(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    entries.push(`${name}=${typeof value === "string" ? value : value.name}`);
  }
  return entries.join("&");
}

/**
 * Whether the form differs from what it showed when the page loaded. Call it in
 * the component that renders the form and spread `trackChanges` on the form:
 * it compares after every render (state that hidden inputs mirror) and on every
 * input. (A React handler, not a DOM listener: a state change in a DOM listener
 * re-renders before React sees the event, and undoes typing in controlled inputs.)
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>) {
  const [dirty, setDirty] = useState(false);
  const initial = useRef<string | null>(null);
  const known = useRef(false);

  const compare = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const now = snapshot(form);
    initial.current ??= now;
    // Only a real change sets state: this runs after every render.
    if (known.current !== (now !== initial.current)) {
      known.current = now !== initial.current;
      setDirty(known.current);
    }
  }, [formRef]);

  useEffect(compare);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return { dirty, blocker, trackChanges: { onInput: compare, onChange: compare } };
}

export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <AlertDialog open={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            You have changes that are not saved yet. If you leave this page now, they will be lost.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay on page</AlertDialogCancel>
          {/* Not an AlertDialogAction: closing would reset the blocker that proceed just released. */}
          <Button type="button" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
