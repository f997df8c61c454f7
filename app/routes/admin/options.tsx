import { Plus } from "lucide-react";
import { useState } from "react";
import { useListDelete } from "~/components/list-delete";
import { PageHeader } from "~/components/page-header";
import { HistoryDialog } from "~/domain/history/components/history-dialog";
import { OptionDialog, type OptionRow } from "~/domain/options/components/option-dialog";
import { OptionsTable } from "~/domain/options/components/options-table";
import { Button } from "~/ui/button";
import type { Route } from "./+types/options";
import { loadOptions, optionsAction } from "./options.server";

export const meta: Route.MetaFunction = () => [{ title: "Playground Options · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadOptions(request);
}

export function action({ request }: Route.ActionArgs) {
  return optionsAction(request);
}

export default function OptionsPage({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<OptionRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const remove = useListDelete<OptionRow>({
    name: (option) => option.optionName,
    description: ({ projectCount: projects }) => (
      <>
        Are you sure? This will permanently delete the option and cannot be undone.
        {projects > 0 ? (
          <strong className="mt-2 block text-foreground">
            {projects} {projects === 1 ? "project uses" : "projects use"} this option and will lose it.
          </strong>
        ) : null}
      </>
    ),
  });

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Playground Options" description="The catalogue of equipment and features projects can include">
        <Button
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          Add Option
        </Button>
      </PageHeader>
      <OptionsTable
        options={loaderData.options}
        onEdit={(option) => {
          setEditing(option);
          setDialogOpen(true);
        }}
        onDelete={remove.ask}
      />
      <OptionDialog key={editing?.id ?? "new"} option={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      <HistoryDialog history={loaderData.history} />
      {remove.dialog}
    </div>
  );
}
