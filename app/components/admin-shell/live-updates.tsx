// Live updates in a staff member's tab (decision 0057): one EventSource on
// /admin/events for the whole admin shell. A change someone made — in another
// tab or device, the same person's included — re-runs the loaders of the page
// in view, so lists, the dashboard, a gallery's order and a project's media show
// it without a reload. A revalidation keeps the page as it is while it loads (no
// spinner, no flicker) and never touches what is typed: the forms keep the
// version they were opened with, and say when their record changed underneath
// (ChangedUnderneath). The stream carries no content, only what changed and who.
//
// Presence rides on the same stream: an edit page names its record
// (usePresence), the shell announces it (POST /admin/presence, repeated so a
// silent tab ages out) and hears who else has it open. Until the stream has
// spoken for the record, the page shows who its loader found there.
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { UNSAFE_DataRouterContext, useFetchers, useNavigation, useRevalidator } from "react-router";
import { PROGRESS_EVENT, type JobProgress, type LiveChange, PRESENCE_REPEAT_MS, type PresentPerson } from "~/lib/live";

/** Changes heard in a burst (an import, a reorder) cause one revalidation. */
const SETTLE_MS = 200;

type Listener = (change: LiveChange) => void;

type DataRouter = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>["router"];

/**
 * Asks the router itself, not React's view of it, which lags a render behind: when a save
 * redirects, the router is already loading the next page while the components still say idle.
 * A revalidation started then interrupts that load, and its answer, with the save's flash toast
 * (read once), is thrown away: 'Project updated successfully' never showed.
 */
function routerBusy(router: DataRouter | undefined): boolean {
  if (!router) return false;
  const { navigation, fetchers } = router.state;
  return navigation.state !== "idle" || [...fetchers.values()].some((fetcher) => fetcher.state !== "idle");
}

interface LiveState {
  /** The last change heard to each record, by `kind:id`. */
  lastChange(kind: string, record: string): LiveChange | undefined;
  /** Every change as it is heard (notifications); returns the unsubscribe. */
  onChange(listener: Listener): () => void;
  /** This tab has `subject` open for editing until the returned function is called. */
  announce(subject: string): () => void;
  /** Who has `subject` open, as last heard (everyone, this person included); undefined until heard. */
  present(subject: string): PresentPerson[] | undefined;
  subscribePresence(listener: () => void): () => void;
  /** A job's progress (an import's) as the stream last said (0 to 1), if it said any. */
  jobProgress(id: string): number | undefined;
  subscribeJobProgress(listener: () => void): () => void;
  /** Forgets a job's progress (it ended: a retry starts from nothing). */
  forgetJob(id: string): void;
}

const LiveContext = createContext<LiveState>({
  lastChange: () => undefined,
  onChange: () => () => {},
  announce: () => () => {},
  present: () => undefined,
  subscribePresence: () => () => {},
  jobProgress: () => undefined,
  subscribeJobProgress: () => () => {},
  forgetJob: () => {},
});

/** The signed-in person's id: presence names the others. */
const MeContext = createContext<string>("");

export function useLiveChanges(): LiveState {
  return useContext(LiveContext);
}

/**
 * Announces that this page edits `subject` (e.g. `project:<id>`), and returns who else has it open:
 * `initial` (the others when the page was read, so the first HTML has them) until the stream has
 * spoken for `subject`, then what it says.
 */
export function usePresence(subject: string, initial: PresentPerson[]): PresentPerson[] {
  const live = useContext(LiveContext);
  const userId = useContext(MeContext);
  useEffect(() => live.announce(subject), [live, subject]);
  const heard = useSyncExternalStore(
    live.subscribePresence,
    () => live.present(subject),
    () => undefined,
  );
  return (heard ?? initial).filter((person) => person.userId !== userId);
}

/**
 * The progress of job `id` heard on the stream (undefined before any): it moves while the page's
 * poll waits. Once the page knows the job `ended`, what was heard is forgotten.
 */
export function useJobProgress(id: string, ended: boolean): number | undefined {
  const live = useContext(LiveContext);
  useEffect(() => {
    if (ended) live.forgetJob(id);
  }, [live, id, ended]);
  return useSyncExternalStore(
    live.subscribeJobProgress,
    () => live.jobProgress(id),
    () => undefined,
  );
}

function tellPresence(stream: string, tab: string, subject: string | null): void {
  const body = new URLSearchParams({ stream, tab, subject: subject ?? "" });
  // keepalive: a tab leaving the page still gets its word out.
  void fetch("/admin/presence", { method: "POST", body, keepalive: true }).catch(() => {
    // Offline: the server ages the tab out, and the next repeat says it again.
  });
}

function newTabId(): string {
  // randomUUID needs a secure context (https, localhost); the server only needs an unguessable-enough id.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function LiveUpdates({
  me,
  from,
  children,
}: {
  me: string;
  /** The newest live event when the page's data was read: the stream starts after it, missing nothing. */
  from: number;
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A save through a fetcher (Team's Grant access, a dialog) is under way too: its answer and toast
  // come with the revalidation that follows it, which a revalidation of ours must not race.
  const idle = navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle");
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const latest = useRef({ revalidator, idle, router });
  useEffect(() => {
    latest.current = { revalidator, idle, router };
  });

  // The first page's; the stream stays open across navigations (and a reconnection sends Last-Event-ID).
  const [since] = useState(from);
  // Why this tab has no live stream at the moment (refused, or gave way), while it waits to try again.
  const [pause, setPause] = useState<string | null>(null);
  const [state] = useState(() => {
    const changes = new Map<string, LiveChange>();
    const listeners = new Set<Listener>();
    const presence = new Map<string, PresentPerson[]>();
    const presenceListeners = new Set<() => void>();
    const jobs = new Map<string, number>();
    const jobListeners = new Set<() => void>();
    const tab = newTabId();
    let stream: string | null = null;
    let subject: string | null = null;
    let repeat: ReturnType<typeof setInterval> | undefined;
    const say = () => {
      if (stream) tellPresence(stream, tab, subject);
    };
    const setPresence = (on: string, people: PresentPerson[]) => {
      presence.set(on, people);
      for (const listener of presenceListeners) listener();
    };
    const forgetPresence = (on: string) => {
      if (presence.delete(on)) for (const listener of presenceListeners) listener();
    };
    const value: LiveState & {
      heard(change: LiveChange): void;
      connected(id: string): void;
      presenceHeard(on: string, people: PresentPerson[]): void;
      progressHeard(progress: JobProgress): void;
      close(): void;
    } = {
      lastChange: (kind, record) => changes.get(`${kind}:${record}`),
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      announce(on) {
        subject = on;
        say();
        clearInterval(repeat);
        repeat = setInterval(say, PRESENCE_REPEAT_MS);
        return () => {
          if (subject !== on) return;
          subject = null;
          clearInterval(repeat);
          // Forgotten, not "nobody": coming back, the page shows what its loader read until the stream speaks again.
          forgetPresence(on);
          // Going straight to another record's page announces that one instead (the server
          // keeps one record per tab): a separate "none" could arrive after it and undo it.
          setTimeout(() => {
            if (subject === null) say();
          }, 0);
        };
      },
      present: (on) => presence.get(on),
      subscribePresence(listener) {
        presenceListeners.add(listener);
        return () => presenceListeners.delete(listener);
      },
      heard(change) {
        if (change.record) changes.set(`${change.kind}:${change.record}`, change);
        for (const listener of listeners) listener(change);
      },
      // A new stream (a first connection or a reconnection): the server knows this tab by it.
      connected(id) {
        stream = id;
        if (subject) say();
      },
      presenceHeard(on, people) {
        if (on === subject) setPresence(on, people);
      },
      jobProgress: (id) => jobs.get(id),
      subscribeJobProgress(listener) {
        jobListeners.add(listener);
        return () => jobListeners.delete(listener);
      },
      forgetJob(id) {
        if (jobs.delete(id)) for (const listener of jobListeners) listener();
      },
      progressHeard(progress) {
        jobs.set(progress.job, progress.done);
        for (const listener of jobListeners) listener();
      },
      close() {
        clearInterval(repeat);
      },
    };
    return value;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const revalidate = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { revalidator: current, idle, router: now } = latest.current;
        // A navigation or a save under way loads fresh data anyway; try again once it is done.
        if (!idle || current.state !== "idle" || routerBusy(now)) return revalidate();
        // An edit form that takes its loader's version would be slipped onto someone else's save
        // (and a stale save would overwrite it unseen): only forms that keep the version they were
        // opened with (data-opened-version) let their page re-read itself.
        if (document.querySelector('input[name="version"]:not([data-opened-version])')) return;
        void current.revalidate();
      }, SETTLE_MS);
    };
    // The last event id heard: a stream opened afresh (after a pause) goes on from it.
    let lastId = String(since);
    let source: EventSource | undefined;
    let again: ReturnType<typeof setTimeout> | undefined;
    const stopped = new AbortController();
    const paused = (message: string, seconds: number) => {
      setPause(message);
      clearTimeout(again);
      again = setTimeout(connect, Math.min(Math.max(seconds, 1), 300) * 1000);
    };
    // EventSource gives up, without saying why, on an answer that is not a stream (the server's 429 or
    // 503 when its live connections are taken, a proxy's 502): ask once in full, and say it.
    const whyRefused = async () => {
      try {
        const answer = await fetch(`/admin/events?lastEventId=${lastId}`, { signal: stopped.signal });
        const kind = answer.headers.get("Content-Type") ?? "";
        if (answer.ok && kind.startsWith("text/event-stream")) {
          // There is room now: this was a stream; the EventSource takes its place.
          void answer.body?.cancel();
          return connect();
        }
        // Signed out or no longer staff: the next navigation says so.
        if (answer.redirected || answer.status === 401 || answer.status === 403) return;
        const text = kind.startsWith("text/plain") ? (await answer.text()).trim().slice(0, 200) : "";
        paused(text || "The server did not answer.", Number(answer.headers.get("Retry-After")) || 30);
      } catch {
        if (!stopped.signal.aborted) paused("The server could not be reached.", 30);
      }
    };
    function connect() {
      source?.close();
      // Whatever was committed between the page's loaders (or the last event heard) and this stream's start is sent first.
      const stream = new EventSource(`/admin/events?lastEventId=${lastId}`);
      source = stream;
      const on = (name: string, listener: (event: MessageEvent<string>) => void) =>
        stream.addEventListener(name, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastId = message.lastEventId;
          listener(message);
        });
      on("hello", (event) => {
        const { stream: id } = JSON.parse(event.data) as { stream: string };
        setPause(null);
        state.connected(id);
      });
      on("change", (event) => {
        state.heard(JSON.parse(event.data) as LiveChange);
        revalidate();
      });
      on("presence", (event) => {
        const { subject, people } = JSON.parse(event.data) as { subject: string; people: PresentPerson[] };
        state.presenceHeard(subject, people);
      });
      on(PROGRESS_EVENT, (event) => {
        state.progressHeard(JSON.parse(event.data) as JobProgress);
      });
      // Some changes were missed for good (a long absence): whatever the page shows is reloaded.
      on("reset", revalidate);
      on("end", (event) => {
        const { reason } = JSON.parse(event.data) as { reason: string };
        // Signed out, no longer staff, or the session ended: the next navigation says so; no reconnecting.
        if (reason === "signed-out" || reason === "access" || reason === "expired") stream.close();
        // The server's live connections are full and this person holds the most: this tab gave way.
        if (reason === "crowded") {
          stream.close();
          paused("Others needed this tab's live connection: close the tabs you no longer need.", 60);
        }
        // Otherwise (a restart, fallen behind) the browser reconnects and is sent what it missed.
      });
      stream.addEventListener("error", () => {
        if (stream.readyState === EventSource.CLOSED && source === stream) void whyRefused();
      });
    }
    connect();
    return () => {
      clearTimeout(timer);
      clearTimeout(again);
      stopped.abort();
      source?.close();
      state.close();
    };
  }, [state, since]);

  return (
    <LiveContext.Provider value={state}>
      <MeContext.Provider value={me}>{children}</MeContext.Provider>
      {pause ? (
        <div
          role="status"
          className="fixed right-4 bottom-4 left-4 z-50 rounded-lg border bg-background p-3 text-sm shadow-md sm:left-auto sm:max-w-sm"
        >
          <p className="font-medium">Live updates paused in this tab</p>
          <p className="text-muted-foreground">{pause} This tab tries again by itself.</p>
        </div>
      ) : null}
    </LiveContext.Provider>
  );
}
