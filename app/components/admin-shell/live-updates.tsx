// Live updates in a staff member's tab (decision 0057): one EventSource on
// /admin/events for the whole admin shell. A change someone made — in another
// tab or device, the same person's included — re-runs the loaders of the page
// in view, so lists, the dashboard, a gallery's order and a project's media show
// it without a reload. A revalidation keeps the page as it is while it loads (no
// spinner, no flicker) and never touches what is typed: the forms keep the
// version they were opened with, and say when their record changed underneath
// (ChangedUnderneath). The stream carries no content, only what changed and who.
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import type { LiveChange } from "~/lib/live";

/** Changes heard in a burst (an import, a reorder) cause one revalidation. */
const SETTLE_MS = 200;

interface LiveState {
  /** The last change heard to each record, by `kind:id`. */
  lastChange(kind: string, record: string): LiveChange | undefined;
}

const LiveContext = createContext<LiveState>({ lastChange: () => undefined });

export function useLiveChanges(): LiveState {
  return useContext(LiveContext);
}

export function LiveUpdates({ children }: { children: ReactNode }) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A save through a fetcher (Team's Grant access, a dialog) is under way too: its answer and toast
  // come with the revalidation that follows it, which a revalidation of ours must not race.
  const idle = navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle");
  const latest = useRef({ revalidator, idle });
  useEffect(() => {
    latest.current = { revalidator, idle };
  });
  const [changes] = useState(() => new Map<string, LiveChange>());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const revalidate = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { revalidator: current, idle } = latest.current;
        // A navigation or a save under way loads fresh data anyway; try again once it is done.
        if (!idle || current.state !== "idle") return revalidate();
        // An edit form that takes its loader's version would be slipped onto someone else's save
        // (and a stale save would overwrite it unseen): only forms that keep the version they were
        // opened with (data-opened-version) let their page re-read itself.
        if (document.querySelector('input[name="version"]:not([data-opened-version])')) return;
        void current.revalidate();
      }, SETTLE_MS);
    };
    const source = new EventSource("/admin/events");
    source.addEventListener("change", (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
      if (change.record) changes.set(`${change.kind}:${change.record}`, change);
      revalidate();
    });
    // Some changes were missed for good (a long absence): whatever the page shows is reloaded.
    source.addEventListener("reset", revalidate);
    source.addEventListener("end", (event) => {
      const { reason } = JSON.parse((event as MessageEvent<string>).data) as { reason: string };
      // Signed out, no longer staff, or the session ended: the next navigation says so; no reconnecting.
      if (reason === "signed-out" || reason === "access" || reason === "expired") source.close();
      // Otherwise (a restart, fallen behind) the browser reconnects and is sent what it missed.
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [changes]);

  const [state] = useState<LiveState>(() => ({
    lastChange: (kind, record) => changes.get(`${kind}:${record}`),
  }));
  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}
