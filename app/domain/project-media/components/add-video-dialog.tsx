// The Add Video dialog: title, YouTube URL and category, checked with the
// action's own schema in the browser (the spec's two messages, also as the
// 'Error adding video' toast), then posted through a fetcher.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { toast } from "sonner";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import { Button } from "~/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/ui/dialog";
import { Field, FieldDescription, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import {
  addVideoSchema,
  MISSING_VIDEO_INFO,
  PROJECT_VIDEO_CATEGORIES,
  VIDEO_CATEGORY_LABELS,
  VIDEO_TITLE_MAX,
} from "../schema";
import { mediaActionUrl } from "./media-action";

export function AddVideoDialog({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <PlusIcon aria-hidden="true" />
          Add Video
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        {/* Mounted only while open, so each opening starts with an empty form. */}
        {open ? <AddVideoForm projectId={projectId} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddVideoForm({ projectId, onDone }: { projectId: string; onDone(): void }) {
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `add-video-${projectId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { title: "", youtubeUrl: "", category: "3d_renders" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addVideoSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useCloseOnSuccess(fetcher, onDone);

  // The spec's "Missing information" is about both fields at once: shown once, under the form,
  // with both empty fields marked.
  const missing = form.errors?.includes(MISSING_VIDEO_INFO) ?? false;
  const formProps = getFormProps(form);
  const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: "text" });
  const { key: urlKey, ...urlProps } = getInputProps(fields.youtubeUrl, { type: "url" });
  const { key: categoryKey, ...categoryProps } = getSelectProps(fields.category);
  const missingProps = (value: unknown) =>
    missing && !value ? { "aria-invalid": true, "aria-describedby": form.errorId } : {};

  return (
    <>
      <DialogHeader>
        <DialogTitle>Add Video</DialogTitle>
        <DialogDescription>Add a YouTube video to this project. It is shown after the others.</DialogDescription>
      </DialogHeader>
      <fetcher.Form
        method="post"
        action={mediaActionUrl(projectId)}
        {...formProps}
        onSubmit={(event) => {
          // This dialog may sit inside the project form in React's tree: keep its submit to itself.
          event.stopPropagation();
          formProps.onSubmit(event);
          if (event.defaultPrevented) {
            const result = parseWithZod(new FormData(event.currentTarget), { schema: addVideoSchema });
            const message = result.status === "error" ? Object.values(result.error ?? {})[0]?.[0] : undefined;
            if (message) toast.error("Error adding video", { description: message });
          }
        }}
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="add-video" />
        <Field>
          <Label htmlFor={fields.title.id}>Title</Label>
          <Input
            key={titleKey}
            {...titleProps}
            {...missingProps(fields.title.value)}
            maxLength={VIDEO_TITLE_MAX}
            autoComplete="off"
          />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        </Field>
        <Field>
          <Label htmlFor={fields.youtubeUrl.id}>YouTube URL</Label>
          <Input
            key={urlKey}
            {...urlProps}
            {...missingProps(fields.youtubeUrl.value)}
            aria-describedby={[
              fields.youtubeUrl.descriptionId,
              fields.youtubeUrl.errors ? fields.youtubeUrl.errorId : null,
              missing && !fields.youtubeUrl.value ? form.errorId : null,
            ]
              .filter(Boolean)
              .join(" ")}
            placeholder="https://youtu.be/..."
            autoComplete="off"
          />
          <FieldDescription id={fields.youtubeUrl.descriptionId}>
            A youtube.com or youtu.be link to the video.
          </FieldDescription>
          <FieldError id={fields.youtubeUrl.errorId} errors={fields.youtubeUrl.errors} />
        </Field>
        <Field>
          <Label htmlFor={fields.category.id}>Category</Label>
          <NativeSelect key={categoryKey} {...categoryProps}>
            {PROJECT_VIDEO_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {VIDEO_CATEGORY_LABELS[category]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </Field>
        <FieldError id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Adding..." : "Add Video"}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </>
  );
}
