import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "~/components/empty-state";
import { useListDelete } from "~/components/list-delete";
import { HistoryDialog, HistoryLink } from "~/domain/history/components/history-dialog";
import { IndustryTypeDialog, type IndustryTypeRow } from "~/domain/industry-types/components/industry-type-dialog";
import { Button } from "~/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { Route } from "./+types/industry-types";
import { industryTypesAction, loadIndustryTypes } from "./industry-types.server";

export const meta: Route.MetaFunction = () => [{ title: "Industry Types · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadIndustryTypes(request);
}

export function action({ request }: Route.ActionArgs) {
  return industryTypesAction(request);
}

export default function IndustryTypesPage({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<IndustryTypeRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const remove = useListDelete<IndustryTypeRow>({
    name: (type) => type.name,
    description: ({ clientCount: clients }) => (
      <>
        This action cannot be undone. This will permanently delete this industry type.
        {clients > 0 ? (
          <strong className="mt-2 block text-foreground">
            {clients} {clients === 1 ? "client uses" : "clients use"} it and will have no industry type.
          </strong>
        ) : null}
      </>
    ),
  });

  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">Industry Types</h2>
          <p className="text-sm text-muted-foreground">Manage industry type options</p>
        </div>
        <Button
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          Add Industry Type
        </Button>
      </div>
      {loaderData.types.length === 0 ? (
        <EmptyState>No industry types found. Add your first industry type to get started.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Description</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.types.map((type) => (
                <TableRow key={type.id}>
                  <TableCell className="font-medium">{type.name}</TableCell>
                  <TableCell className="whitespace-normal text-muted-foreground">{type.description}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${type.name}`}
                        onClick={() => {
                          setEditing(type);
                          setDialogOpen(true);
                        }}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <HistoryLink id={type.id} name={type.name} />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${type.name}`}
                        onClick={() => remove.ask(type)}
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
      )}
      <IndustryTypeDialog key={editing?.id ?? "new"} type={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      <HistoryDialog history={loaderData.history} />
      {remove.dialog}
    </section>
  );
}
