// "Anna is also editing this project": who else has this record's edit page
// open right now, and since when (presence, decision 0057). The page's loader
// reads who was there (`recordPageReads`), so the line is in the first HTML and
// nothing moves when the live stream confirms it; the stream keeps it current:
// gone within seconds of them leaving the page, closing the tab or losing
// their connection.
import { Users } from "lucide-react";
import { Fragment, useSyncExternalStore } from "react";
import { usePresence } from "./admin-shell/live-updates";
import type { RecordPresence } from "~/lib/live";
import { cn } from "~/lib/utils";

const names = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });
const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

const subscribeNothing = () => () => {};

/** False on the server and while hydrating, true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function AlsoEditing({
  presence,
  noun,
  className,
}: {
  /** The record and who else had it open when the page was read (its loader's `recordPageReads`). */
  presence: RecordPresence;
  /** How the sentence calls it: "this project". */
  noun: string;
  className?: string;
}) {
  const others = usePresence(presence.subject, presence.people);
  // The server's clock may be in another time zone than the browser's: the time the server wrote is
  // kept while hydrating (no mismatch), then written again in the browser's (a new element).
  const hydrated = useHydrated();
  return (
    // Always in the page, so a screen reader hears the line when it appears.
    <div role="status" className={cn(others.length === 0 && "hidden", className)}>
      {others.length > 0 ? (
        <p className="flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50">
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {`${names.format(others.map((person) => person.name))} ${others.length === 1 ? "is" : "are"} also editing this ${noun}`}{" "}
            <span className="text-sky-800 dark:text-sky-200">
              (
              {others.map((person, i) => (
                <Fragment key={person.userId}>
                  {`${i > 0 ? ", " : ""}${others.length > 1 ? `${person.name} ` : ""}since `}
                  <time key={hydrated ? "browser" : "server"} dateTime={person.since} suppressHydrationWarning>
                    {clock.format(new Date(person.since))}
                  </time>
                </Fragment>
              ))}
              )
            </span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
