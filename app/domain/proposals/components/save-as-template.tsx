// The proposal page's Save as template: a dialog asking the template's name,
// posting the proposal's latest version to the templates list's action, which
// keeps its introduction, sections, lines and terms (not its pictures, title
// or date) and answers with a toast.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LayoutTemplate } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import type { ActionResult } from "~/lib/action-result";
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
import { Field, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { saveAsTemplateSchema } from "../forms";

export function SaveAsTemplate({ versionId, title }: { versionId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <LayoutTemplate aria-hidden="true" />
          Save as template
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        {/* Mounted only while open, so each opening starts from the proposal's title. */}
        {open ? <SaveAsTemplateForm versionId={versionId} title={title} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SaveAsTemplateForm({ versionId, title, onDone }: { versionId: string; title: string; onDone(): void }) {
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `save-template-${versionId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { name: title.slice(0, 100) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveAsTemplateSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useCloseOnSuccess(fetcher, onDone);
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save as template</DialogTitle>
        <DialogDescription>
          A new proposal can start from this one&apos;s introduction, sections, lines and terms. Its pictures, title and
          valid-until date are not kept.
        </DialogDescription>
      </DialogHeader>
      <fetcher.Form method="post" action="/admin/proposals/templates" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="save-template" />
        <input type="hidden" name="versionId" value={versionId} />
        <Field>
          <Label htmlFor={fields.name.id}>Template name</Label>
          <Input key={nameKey} {...nameProps} maxLength={100} autoComplete="off" />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </Field>
        <FieldError id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save template"}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </>
  );
}
