// A list's Delete: the row a person chose from its menu, and the dialog that
// asks before posting `intent=delete` and its id to the list's own action
// (routes/shared/delete-action.server.ts answers with the toast). A list whose
// rows live behind another action (a project's videos) says where and what to post.
import { type ReactNode, useState } from "react";
import { ConfirmDelete } from "./confirm-delete";

export function useListDelete<Row extends { id: string }>(
  options: (
    | {
        /** How the dialog's title names the row: 'Delete "{name}"?'. */
        name: (row: Row) => string;
      }
    | {
        /** A title that names no row ('Delete this contract?'). */
        title: string;
      }
  ) & {
    /** The dialog's words; a function when they depend on the row (how many records use it). */
    description: ReactNode | ((row: Row) => ReactNode);
    /** Where to post; the list's own route by default. */
    action?: string;
    /** The hidden fields posted; `intent=delete` and the row's id by default. */
    fields?: (row: Row) => Record<string, string>;
  },
): { ask(row: Row): void; dialog: ReactNode } {
  const [row, setRow] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const { description, action, fields = (chosen: Row) => ({ intent: "delete", id: chosen.id }) } = options;
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
        title={"title" in options ? options.title : `Delete "${row ? options.name(row) : ""}"?`}
        description={typeof description === "function" ? (row ? description(row) : "") : description}
        action={action}
        fields={row ? fields(row) : {}}
      />
    ),
  };
}
