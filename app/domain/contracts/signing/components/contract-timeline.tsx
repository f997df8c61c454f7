// The contract's signing timeline, as its completion certificate records it:
// each step with its time, who, and from which address and browser.
import type { ContractSigning } from "../views.server";

const LABELS: Record<string, string> = {
  sent: "Sent for signature",
  viewed: "Viewed",
  signed: "Signed",
  declined: "Declined",
  voided: "Voided",
  expired: "Expired",
  reminded: "Reminder sent",
};

const time = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

export function ContractTimeline({ events }: { events: ContractSigning["events"] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">Not sent for signature yet.</p>;
  return (
    <section aria-labelledby="timeline-title" className="grid gap-3">
      <h3 id="timeline-title" className="text-sm font-semibold">
        Timeline
      </h3>
      <ol className="grid gap-3 border-l pl-4">
        {events.map((event) => (
          <li key={event.id} className="grid gap-0.5 text-sm">
            <p>
              <span className="font-medium">{LABELS[event.type] ?? event.type}</span>{" "}
              <time dateTime={event.at} className="text-muted-foreground">
                {time(event.at)}
              </time>
            </p>
            <p>
              {event.name}
              {event.email ? ` (${event.email})` : ""}
            </p>
            {event.reason ? <p>Reason: “{event.reason}”</p> : null}
            {event.ip || event.userAgent ? (
              <p className="text-xs break-all text-muted-foreground">
                {event.ip ? `IP ${event.ip}` : ""}
                {event.ip && event.userAgent ? " · " : ""}
                {event.userAgent ?? ""}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
