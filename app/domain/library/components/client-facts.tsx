// A client's location and website (opening in a new tab) under a public card's title.
import { ExternalLink, MapPin } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

export function ClientFacts({
  location,
  website,
  small = false,
  children,
}: {
  location: string | null;
  /** An http(s) URL (checked on the server). */
  website: string | null;
  /** The library's denser cards. */
  small?: boolean;
  /** More lines of the same list. */
  children?: React.ReactNode;
}) {
  const icon = cn("shrink-0", small ? "size-3.5" : "size-4");
  return (
    // One column no wider than the card: a long website is cut short (…) instead of overflowing it.
    <ul className={cn("grid grid-cols-[minmax(0,1fr)] text-sm text-muted-foreground", small ? "gap-0.5" : "gap-1")}>
      {location ? (
        <li className="flex items-center gap-1.5">
          <MapPin aria-hidden="true" className={icon} />
          {location}
        </li>
      ) : null}
      {website ? (
        <li className="relative z-10 w-fit max-w-full">
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className={icon} />
            <span className="truncate">{new URL(website).hostname.replace(/^www\./, "")}</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
      {children}
    </ul>
  );
}
