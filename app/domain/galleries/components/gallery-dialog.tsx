// The gallery dialog (create and edit): name, slug (filled in from the name
// while creating, until the person types one), the read-only id when editing,
// description and the Published switch, posted through a fetcher.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import { slugify, SLUG_MAX_LENGTH } from "~/lib/slugify";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field, FieldDescription, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { SwitchField } from "~/ui/switch-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { galleryPath } from "../embed";
import { fieldText } from "../../form-fields";
import {
  GALLERY_DESCRIPTION_MAX,
  GALLERY_FIELDS,
  GALLERY_NAME_MAX,
  galleryFormSchema,
  type GalleryRow,
} from "../schema";

const FETCHER_KEY = "gallery-dialog";

export function GalleryDialog({
  gallery,
  open,
  onOpenChange,
}: {
  /** The gallery to edit, or null to create one. */
  gallery: GalleryRow | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const fetcher = useFetcher<ActionResult>({ key: FETCHER_KEY });
  useCloseOnSuccess(fetcher, () => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{gallery ? "Edit Gallery" : "Create Gallery"}</DialogTitle>
          <DialogDescription>A gallery shows chosen projects, in your order, on its own public page.</DialogDescription>
        </DialogHeader>
        {/* Inside the content: mounted while open, so each opening starts from the saved values. */}
        <GalleryForm gallery={gallery} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function GalleryForm({ gallery, onCancel }: { gallery: GalleryRow | null; onCancel(): void }) {
  const fetcher = useFetcher<ActionResult>({ key: FETCHER_KEY });
  const editing = gallery !== null;
  const saving = fetcher.state !== "idle";
  // A fetcher keeps its last answer: only this opening's own answer counts.
  const [submitted, setSubmitted] = useState(false);
  const answer = submitted && fetcher.state === "idle" ? fetcher.data : undefined;

  const [slug, setSlug] = useState(gallery?.slug ?? "");
  // Creating: the slug follows the name until the person types a slug of their own.
  const [slugEdited, setSlugEdited] = useState(editing);
  const [published, setPublished] = useState(gallery?.isPublished ?? false);
  const idFieldId = useId();

  const [form, fields] = useForm({
    id: `gallery-form-${gallery?.id ?? "new"}`,
    lastResult: answer?.result,
    defaultValue: fieldText(GALLERY_FIELDS, gallery ?? {}),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: galleryFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const formProps = getFormProps(form);
  const {
    key: _key,
    defaultValue: _defaultValue,
    ...slugProps
  } = getInputProps(fields.slug, { type: "text", ariaDescribedBy: fields.slug.descriptionId });

  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        setSubmitted(true);
        formProps.onSubmit(event);
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {gallery ? (
        <>
          <input type="hidden" name="id" value={gallery.id} />
          <input type="hidden" name="version" value={answer?.version ?? gallery.version} />
        </>
      ) : null}
      <TextField
        label="Name"
        field={fields.name}
        maxLength={GALLERY_NAME_MAX}
        autoComplete="off"
        onChange={(event) => {
          if (!slugEdited) setSlug(slugify(event.target.value));
        }}
      />
      <Field>
        <Label htmlFor={fields.slug.id}>Gallery Slug</Label>
        <Input
          {...slugProps}
          value={slug}
          onChange={(event) => {
            setSlug(event.target.value);
            // Emptied: follow the name again.
            if (!editing) setSlugEdited(event.target.value !== "");
          }}
          maxLength={SLUG_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        <FieldDescription id={fields.slug.descriptionId}>
          URL-friendly identifier; only lowercase letters, numbers and hyphens
          {editing ? (
            <span className="mt-1 block">
              Changing it moves the public page to{" "}
              <span className="font-mono break-all">{galleryPath(slug || "…")}</span>: embed codes using the old address
              stop working.
            </span>
          ) : null}
        </FieldDescription>
        <FieldError id={fields.slug.errorId} errors={fields.slug.errors} />
      </Field>
      {gallery ? (
        <Field>
          <Label htmlFor={idFieldId}>Gallery ID</Label>
          <Input id={idFieldId} value={gallery.id} readOnly className="bg-muted font-mono text-xs" />
        </Field>
      ) : null}
      <TextareaField label="Description" field={fields.description} rows={4} maxLength={GALLERY_DESCRIPTION_MAX} />
      <SwitchField
        name="isPublished"
        label="Published"
        description="Make this gallery visible to the public"
        checked={published}
        onCheckedChange={setPublished}
      />
      <FieldError id={form.errorId} errors={form.errors} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : editing ? "Update" : "Create"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
