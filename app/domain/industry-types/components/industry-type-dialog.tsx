// The Add / Edit Industry Type dialog, posted through a fetcher.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import { toast } from "sonner";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { Required } from "~/ui/label";
import { fieldText, type FieldValues } from "../../form-fields";
import { INDUSTRY_TYPE_FIELDS, industryTypeFormSchema } from "../schema";

export type IndustryTypeRow = FieldValues<typeof INDUSTRY_TYPE_FIELDS> & {
  id: string;
  clientCount: number;
  version: string;
};

export function IndustryTypeDialog({
  type,
  open,
  onOpenChange,
}: {
  type: IndustryTypeRow | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const fetcher = useFetcher<ActionResult>({ key: "industry-type-dialog" });
  const editing = type !== null;
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `industry-type-form-${type?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: fieldText(INDUSTRY_TYPE_FIELDS, type ?? {}),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: industryTypeFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useCloseOnSuccess(fetcher, () => onOpenChange(false));

  const formProps = getFormProps(form);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Industry Type" : "Add Industry Type"}</DialogTitle>
          <DialogDescription>Clients are filed under an industry type.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          {...formProps}
          onSubmit={(event) => {
            const name = new FormData(event.currentTarget).get("name");
            formProps.onSubmit(event);
            // The spec asks for a toast as well as the field message.
            if (event.defaultPrevented && typeof name === "string" && !name.trim())
              toast.error("Name is required", { id: "industry-type-name-required" });
          }}
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {type ? (
            <>
              <input type="hidden" name="id" value={type.id} />
              <input type="hidden" name="version" value={fetcher.data?.version ?? type.version} />
            </>
          ) : null}
          <TextField label={<Required>Name</Required>} field={fields.name} maxLength={100} />
          <TextareaField label="Description" field={fields.description} rows={3} />
          <FieldError id={form.errorId} errors={form.errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : editing ? "Update" : "Create"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
