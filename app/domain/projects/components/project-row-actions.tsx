// A project row's "…" menu: Open Preview (new tab), Edit, Delete (asks first).
import { ExternalLink } from "lucide-react";
import { RowActions } from "~/components/row-actions";
import { DropdownMenuItem } from "~/ui/dropdown-menu";

export function ProjectRowActions({ id, title, onDelete }: { id: string; title: string; onDelete(): void }) {
  return (
    <RowActions
      name={title}
      editHref={`/admin/projects/${id}/edit`}
      onDelete={onDelete}
      extraItems={
        <DropdownMenuItem asChild>
          <a href={`/projects/${id}/preview`} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            Open Preview
          </a>
        </DropdownMenuItem>
      }
    />
  );
}
