// A list's Delete: the row a person chose from its menu, and the dialog that
// asks before posting `intent=delete` and its id to the list's own action
// (routes/shared/delete-action.server.ts answers with the toast).
import { type ReactNode, useState } from "react";
import { ConfirmDelete } from "./confirm-delete";

export function useListDelete<Row extends { id: string }>({
  name,
  description,
}: {
  /** How the dialog's title names the row: 'Delete "{name}"?'. */
  name: (row: Row) => string;
  description: ReactNode;
}): { ask(row: Row): void; dialog: ReactNode } {
  const [row, setRow] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  return {
    ask(chosen) {
      setRow(chosen);
      setOpen(true);
    },
    // The row stays while the dialog closes, so its title does not go blank as it fades.
    dialog: (
      <ConfirmDelete
        open={open}
        onOpenChange={setOpen}
        title={`Delete "${row ? name(row) : ""}"?`}
        description={description}
        fields={{ intent: "delete", id: row?.id ?? "" }}
      />
    ),
  };
}
