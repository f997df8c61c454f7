// Who can see a project's pages, where staff decide it: a badge in the
// projects list, and on the form beside Show in Gallery (following the switch).
import { Globe, LayoutGrid, Lock } from "lucide-react";
import { Badge } from "~/ui/badge";
import { type ProjectVisibility, VISIBILITY_DESCRIPTIONS, VISIBILITY_LABELS } from "../visibility";

const LOOK = {
  listed: { variant: "success", Icon: Globe },
  gallery: { variant: "info", Icon: LayoutGrid },
  private: { variant: "outline", Icon: Lock },
} as const;

export function VisibilityBadge({ visibility }: { visibility: ProjectVisibility }) {
  const { variant, Icon } = LOOK[visibility];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {VISIBILITY_LABELS[visibility]}
    </Badge>
  );
}

/** The form's line: the badge and what it means; announced when the switch changes it. */
export function VisibilityStatus({ visibility, saved }: { visibility: ProjectVisibility; saved: boolean }) {
  return (
    <div role="status" aria-label="Visibility" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <VisibilityBadge visibility={visibility} />
      <span className="text-muted-foreground">
        {VISIBILITY_DESCRIPTIONS[visibility]}
        {saved ? "" : " (once saved)"}
      </span>
    </div>
  );
}
