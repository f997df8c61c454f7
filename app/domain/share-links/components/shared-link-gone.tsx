// What a share link shows once it is revoked or past its last day (or never was).
import { SHARE_LINK_MESSAGES } from "../schema";

export function SharedLinkGone({ unknown }: { unknown: boolean }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{unknown ? "Link not found" : SHARE_LINK_MESSAGES.expired}</h1>
      <p className="text-muted-foreground">
        {unknown
          ? "Check that the whole address was copied, or ask the person who sent it for a new link."
          : "Ask the person who sent it for a new link."}
      </p>
    </main>
  );
}
