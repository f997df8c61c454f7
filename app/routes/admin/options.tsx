import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { refusedAction, refusedSave } from "~/.server/http/form-errors";
import { toastHeaders } from "~/.server/toast";
import { ConfirmDelete } from "~/components/confirm-delete";
import { PageHeader } from "~/components/page-header";
import { OptionDialog, type OptionRow } from "~/domain/options/components/option-dialog";
import { OptionsTable } from "~/domain/options/components/options-table";
import { createOption, deleteOption, listOptions, updateOption } from "~/domain/options/options.server";
import { optionFormSchema } from "~/domain/options/schema";
import { Button } from "~/ui/button";
import type { Route } from "./+types/options";

export const meta: Route.MetaFunction = () => [{ title: "Playground Options · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return { options: await listOptions() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: optionFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), ok: false }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "delete") {
    try {
      const { name } = await deleteOption(value.id);
      return data(
        { ok: true },
        { headers: await toastHeaders({ title: "Option deleted", description: `"${name}" was deleted.` }) },
      );
    } catch (error) {
      const refused = await refusedAction(error, "Error deleting option");
      if (refused) return refused;
      throw error;
    }
  }
  try {
    if (value.intent === "create") await createOption(value, user.id);
    else await updateOption(value.id, value.version, value);
  } catch (error) {
    const refused = await refusedSave(submission, error, "Error saving option");
    if (refused) return refused;
    throw error;
  }
  return data(
    { result: submission.reply({ resetForm: true }), ok: true },
    { headers: await toastHeaders({ title: value.intent === "create" ? "Option created" : "Option updated" }) },
  );
}

export default function OptionsPage({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<OptionRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<OptionRow | null>(null);
  const projects = deleting?.projectCount ?? 0;

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
        onDelete={setDeleting}
      />
      <OptionDialog key={editing?.id ?? "new"} option={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete "${deleting?.optionName ?? ""}"?`}
        description={
          <>
            Are you sure? This will permanently delete the option and cannot be undone.
            {projects > 0 ? (
              <strong className="mt-2 block text-foreground">
                {projects} {projects === 1 ? "project uses" : "projects use"} this option and will lose it.
              </strong>
            ) : null}
          </>
        }
        fields={{ intent: "delete", id: deleting?.id ?? "" }}
      />
    </div>
  );
}
