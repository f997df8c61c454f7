// The Add Option / Edit Option dialog: name, category, description and an
// optional image (uploaded on save), posted through a fetcher.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import { ImagePicker } from "~/domain/media/components/image-picker";
import { usePendingImage } from "~/domain/media/components/use-pending-image";
import type { ImageSources } from "~/lib/image-sources";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { Required } from "~/ui/label";
import { fieldText, type FieldValues } from "../../form-fields";
import { OPTION_FIELDS, optionFormSchema } from "../schema";

export type OptionRow = FieldValues<typeof OPTION_FIELDS> & {
  id: string;
  image: ImageSources | null;
  projectCount: number;
  version: string;
};

export function OptionDialog({
  option,
  open,
  onOpenChange,
}: {
  option: OptionRow | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const fetcher = useFetcher<ActionResult>({ key: "option-dialog" });
  const image = usePendingImage("option-image", "imageUploadId");
  const editing = option !== null;
  const saving = fetcher.state !== "idle";

  const [form, fields] = useForm({
    id: `option-form-${option?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: fieldText(OPTION_FIELDS, option ?? {}),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: optionFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useCloseOnSuccess(fetcher, () => onOpenChange(false));

  const formProps = getFormProps(form);
  const label = image.upload.uploading
    ? "Uploading image..."
    : saving
      ? "Saving..."
      : editing
        ? "Update Option"
        : "Create Option";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Option" : "Add Option"}</DialogTitle>
          <DialogDescription>Options are the equipment and features projects can include.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          {...formProps}
          onSubmit={async (event) => {
            formProps.onSubmit(event);
            if (event.defaultPrevented || !image.file) return;
            event.preventDefault();
            const formElement = event.currentTarget;
            if (await image.uploadInto(formElement)) fetcher.submit(formElement, { method: "post" });
          }}
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          <input type="hidden" name="imageUploadId" defaultValue="" />
          {option ? (
            <>
              <input type="hidden" name="id" value={option.id} />
              <input type="hidden" name="version" value={fetcher.data?.version ?? option.version} />
            </>
          ) : null}
          <TextField label={<Required>Name</Required>} field={fields.optionName} maxLength={100} />
          <TextField label="Category" field={fields.optionCategory} placeholder="General" maxLength={100} />
          <TextareaField label="Description" field={fields.description} rows={3} />
          <ImagePicker
            label="Image"
            noun="image"
            current={option?.image ?? null}
            image={image}
            removeFieldName="removeImage"
            hint="Optional. JPEG, PNG, WebP, AVIF or GIF, up to 5MB."
          />
          <FieldError id={form.errorId} errors={form.errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || image.upload.uploading}>
              {label}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
