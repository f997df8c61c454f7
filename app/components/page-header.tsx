// A screen's title, its one-line description, its main actions and, on forms
// and detail pages, the arrow back to the list.
import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button";

export function PageHeader({
  title,
  description,
  back,
  badge,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The list this page belongs to, and the back link's accessible name ("Back to clients"). */
  back?: { to: string; label: string };
  /** Shown beside the title (a status). */
  badge?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-4">
      <div className="flex min-w-0 flex-1 basis-60 items-start gap-3">
        {back ? (
          <Button asChild variant="ghost" size="icon" className="shrink-0">
            <Link to={back.to} aria-label={back.label}>
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
            {badge}
          </div>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {children ? <div className="flex max-w-full flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
