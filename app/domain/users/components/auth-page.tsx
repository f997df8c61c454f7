// The centred card every signed-out account page uses (forgot password, new
// password, second factor, invitation): logo, one heading, a line under it.
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Logo } from "~/ui/logo";

export function AuthPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <Logo className="mx-auto size-10" />
          <CardTitle asChild className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}

/** A short answer shown in place of a form, announced to screen readers. */
export function StatusNote({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-md border bg-muted p-3 text-sm">
      {children}
    </p>
  );
}
