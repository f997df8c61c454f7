// Team's "Activity": the audit trail, newest first, as a list that reads well
// at any width (who, what, to which account, when).
export interface ActivityEntry {
  id: string;
  when: string;
  actor: string;
  action: string;
  target: string;
}

export function ActivityList({ entries, filtered = false }: { entries: ActivityEntry[]; filtered?: boolean }) {
  if (entries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {filtered ? "Nothing matches these filters." : "Nothing has been changed yet."}
      </p>
    );
  }
  return (
    <ul className="divide-y rounded-lg border text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-1 p-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
          <span className="text-muted-foreground">{entry.when}</span>
          <span>
            <span className="font-medium">{entry.actor}</span> · {entry.action} ·{" "}
            <span className="[overflow-wrap:anywhere]">{entry.target}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
