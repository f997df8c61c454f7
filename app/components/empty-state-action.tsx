// What a list says when it has nothing to show, with the action that starts it.
import type { LucideIcon } from "lucide-react";
import type * as React from "react";

export function EmptyStateAction({
  icon: Icon,
  children,
  action,
}: {
  icon?: LucideIcon;
  children: React.ReactNode;
  /** The button (or link) that fills the list. */
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      {Icon ? <Icon aria-hidden="true" className="size-8 text-muted-foreground" /> : null}
      <p className="text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}
