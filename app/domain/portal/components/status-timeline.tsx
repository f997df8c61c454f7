// A project's status as three steps: planning, in progress, completed. A draft
// has reached none yet; a project on hold says so beside the steps.
import { Check } from "lucide-react";
import { cn } from "~/lib/utils";

const STEPS = [
  { status: "planning", label: "Planning" },
  { status: "in_progress", label: "In progress" },
  { status: "completed", label: "Completed" },
] as const;

export function StatusTimeline({ status }: { status: string }) {
  const reached = STEPS.findIndex((step) => step.status === status);
  return (
    <div className="grid gap-2">
      <ol aria-label="Project status" className="grid grid-cols-3 gap-1">
        {STEPS.map((step, index) => {
          const done = reached >= 0 && index < reached;
          const current = index === reached;
          return (
            <li key={step.status} aria-current={current ? "step" : undefined} className="grid gap-1.5">
              <span
                aria-hidden="true"
                className={cn(
                  "h-1.5 rounded-full",
                  done || current ? (index === 2 ? "bg-success" : "bg-primary") : "bg-muted-foreground/20",
                )}
              />
              <span
                className={cn("flex items-center gap-1 text-xs", current ? "font-semibold" : "text-muted-foreground")}
              >
                {done ? <Check aria-hidden="true" className="size-3" /> : null}
                {step.label}
                <span className="sr-only">{done ? " (done)" : current ? " (current)" : " (to come)"}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {status === "on_hold" ? <p className="text-xs font-medium text-warning">On hold for now</p> : null}
      {status === "draft" ? <p className="text-xs text-muted-foreground">Getting started</p> : null}
    </div>
  );
}
