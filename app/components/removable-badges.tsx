// The chosen items of a multi-select picker, as badges with a remove button.
import { X } from "lucide-react";
import { Badge } from "~/ui/badge";

export function RemovableBadges({
  label,
  items,
  onRemove,
}: {
  /** The list's accessible name. */
  label: string;
  items: { id: string; name: string }[];
  onRemove(id: string): void;
}) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {items.map(({ id, name }) => (
        <li key={id}>
          <Badge variant="secondary" className="gap-1 py-1 pr-1">
            {name}
            <button
              type="button"
              onClick={() => onRemove(id)}
              aria-label={`Remove ${name}`}
              className="rounded-sm p-0.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
