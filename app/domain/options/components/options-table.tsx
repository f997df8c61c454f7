// The playground options catalogue: image, name, category, description, actions.
import { Pencil, Trash2 } from "lucide-react";
import { EmptyState } from "~/components/empty-state";
import { HistoryLink } from "~/domain/history/components/history-dialog";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { OptionRow } from "./option-dialog";

export function OptionsTable({
  options,
  onEdit,
  onDelete,
}: {
  options: OptionRow[];
  onEdit(option: OptionRow): void;
  onDelete(option: OptionRow): void;
}) {
  if (options.length === 0) {
    return <EmptyState>No playground options yet</EmptyState>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-20">Image</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Category</TableHead>
            <TableHead className="hidden md:table-cell">Description</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {options.map((option) => (
            <TableRow key={option.id}>
              <TableCell>
                <ResponsiveImage
                  image={option.image}
                  alt={option.image ? option.optionName : ""}
                  sizes="56px"
                  className="size-14 rounded-md"
                />
              </TableCell>
              <TableCell className="font-medium">{option.optionName}</TableCell>
              <TableCell>
                <Badge variant="secondary">{option.optionCategory}</Badge>
              </TableCell>
              <TableCell className="hidden max-w-md whitespace-normal text-muted-foreground md:table-cell">
                <span className="line-clamp-2">{option.description}</span>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onEdit(option)}
                    aria-label={`Edit ${option.optionName}`}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <HistoryLink id={option.id} name={option.optionName} />
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onDelete(option)}
                    aria-label={`Delete ${option.optionName}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
