// The conversation about changes to a proposal: the buyer's requests and the
// staff's answers, oldest first. The portal and the admin show the same thread.
import type { ThreadMessage } from "../portal-proposal";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) +
  " UTC";

export function ChangesThread({ messages, empty }: { messages: ThreadMessage[]; empty?: string }) {
  if (!messages.length) return empty ? <p className="text-sm text-muted-foreground">{empty}</p> : null;
  return (
    <ol className="grid gap-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`grid gap-1 rounded-lg border p-3 text-sm ${message.fromClient ? "bg-background" : "bg-muted/50"}`}
        >
          <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{message.author}</span>
            <time dateTime={message.at}>{when(message.at)}</time>
          </p>
          <p className="whitespace-pre-line break-words">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
