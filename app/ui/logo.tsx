// The product mark: an arch (a climbing frame) with a swing, in the brand colours.
import { cn } from "~/lib/utils";

export function Logo({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn("shrink-0", className)}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 24V11a7 7 0 0 1 14 0v13" fill="none" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M16 11v7" stroke="#fde047" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="12.5" y="18" width="7" height="2.5" rx="1.25" fill="#fde047" />
    </svg>
  );
}
