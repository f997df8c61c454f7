// A card of the proposal pages named by its heading (h2), with an optional
// line under it: versions, the thread, the comparison's parts.
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";

export function TitledCard({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The content's classes ("overflow-x-auto" around a table). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={`${id}-title`}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
