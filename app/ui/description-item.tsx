import type { ReactNode } from "react";

/** One term and its value inside a `<dl>`: a record's facts on the proposal pages, admin and portal. */
export function DescriptionItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}
