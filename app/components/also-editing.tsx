// "Anna is also editing this project": who else has this record's edit page
// open right now, and since when (presence, decision 0057). Gone within seconds
// of them leaving the page, closing the tab or losing their connection.
import { Users } from "lucide-react";
import { usePresence } from "./admin-shell/live-updates";
import { presenceSubject } from "~/lib/live";
import { cn } from "~/lib/utils";

const names = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });
const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

export function AlsoEditing({
  kind,
  id,
  noun,
  className,
}: {
  /** The record's kind as live events name it (project, client, contact…). */
  kind: string;
  id: string;
  /** How the sentence calls it: "this project". */
  noun: string;
  className?: string;
}) {
  const others = usePresence(presenceSubject(kind, id));
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
              {others
                .map(
                  (person) =>
                    `${others.length > 1 ? `${person.name} ` : ""}since ${clock.format(new Date(person.since))}`,
                )
                .join(", ")}
              )
            </span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
