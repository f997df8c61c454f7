// Where this account is signed in: each session's browser and device, when it
// signed in and was last active, with "Sign out" for the others and one button
// for all of them.
import { useFetcher } from "react-router";
import { FormSection } from "~/components/form-section";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";

interface Session {
  id: string;
  device: string;
  ipAddress: string | null;
  signedIn: string;
  lastSeen: string;
  current: boolean;
}

function SignOutButton({ session }: { session: Session }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="sign-out-session" />
      <input type="hidden" name="sessionId" value={session.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Sign out ${session.device}, signed in ${session.signedIn}`}
      >
        {busy ? "Signing out..." : "Sign out"}
      </Button>
    </fetcher.Form>
  );
}

export function SessionList({ sessions }: { sessions: Session[] }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const others = sessions.filter((session) => !session.current).length;
  return (
    <FormSection
      title="Sessions"
      titleId="sessions-heading"
      description="The browsers signed in to your account. Sign out any you do not recognise, then change your password."
    >
      <ul className="divide-y rounded-lg border" aria-labelledby="sessions-heading">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="grid gap-0.5 text-sm">
              <span className="flex items-center gap-2 font-medium">
                {session.device}
                {session.current ? <Badge variant="secondary">This device</Badge> : null}
              </span>
              <span className="text-muted-foreground">
                Signed in {session.signedIn} · Last active {session.lastSeen}
                {session.ipAddress ? ` · ${session.ipAddress}` : ""}
              </span>
            </div>
            {session.current ? null : <SignOutButton session={session} />}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Signing out..." : "Sign Out Everywhere Else"}
          </Button>
        </fetcher.Form>
      ) : (
        <p className="text-sm text-muted-foreground">You are signed in on this device only.</p>
      )}
    </FormSection>
  );
}
