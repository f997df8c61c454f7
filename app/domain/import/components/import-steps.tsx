// Where the person is in an import: upload, map the columns, preview and import.
import { cn } from "~/lib/utils";

const STEPS = ["Upload", "Map columns", "Preview and import"] as const;

export function ImportSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <nav aria-label="Import steps">
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={index === current ? "step" : undefined}
            className={cn("flex items-center gap-2", index === current ? "font-medium" : "text-muted-foreground")}
          >
            <span
              aria-hidden="true"
              className={cn(
                "grid size-6 place-items-center rounded-full border text-xs",
                index === current && "border-primary bg-primary text-primary-foreground",
                index < current && "border-primary text-primary",
              )}
            >
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </nav>
  );
}
