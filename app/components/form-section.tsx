// One titled card of a long form ("Project Details", "Dimensions"…): an h2,
// an optional line under it, and the fields.
import type * as React from "react";
import { cn } from "~/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";

export function FormSection({
  title,
  titleId,
  description,
  className,
  children,
}: {
  title: React.ReactNode;
  /** For a group labelled by the heading. */
  titleId?: string;
  description?: React.ReactNode;
  /** The layout of the fields (a grid by default). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={cn("grid gap-5", className)}>{children}</CardContent>
    </Card>
  );
}
