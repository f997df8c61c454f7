// The "…" menu at the end of a list row: any items of the row's own (Open
// Preview…), Edit (a link, when the row has an edit page) and Delete (asks first).
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/ui/dropdown-menu";

export function RowActions({
  name,
  editHref,
  onDelete,
  extraItems,
}: {
  name: string;
  /** The row's edit page; none: no Edit item. */
  editHref?: string;
  onDelete(): void;
  /** Menu items before Edit; Delete is then set apart by a separator. */
  extraItems?: React.ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {extraItems}
        {editHref ? (
          <DropdownMenuItem asChild>
            <Link to={editHref}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </DropdownMenuItem>
        ) : null}
        {extraItems ? <DropdownMenuSeparator /> : null}
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
