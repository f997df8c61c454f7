import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "~/lib/utils";

/**
 * Accessible loading indicator: a polite `role="status"` live region holding a
 * spinning icon (hidden from assistive tech) and a text label, visually hidden
 * unless `showLabel` is set.
 */
function Spinner({
  className,
  iconClassName,
  label = "Loading…",
  showLabel = false,
  ...props
}: React.ComponentProps<"span"> & {
  /** Text announced to screen readers (and shown when `showLabel`). Defaults to "Loading…". */
  label?: React.ReactNode;
  /** Show the label next to the icon instead of only to screen readers. */
  showLabel?: boolean;
  /** Classes for the icon, e.g. `size-6`. */
  iconClassName?: string;
}) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn("inline-flex items-center gap-2", className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className={cn("size-4 shrink-0 animate-spin", iconClassName)} />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </span>
  );
}

export { Spinner };
