// The project form, for creating and editing: details, featured, commercial
// fields, the three dimension blocks and the playground options; in edit mode
// also the page's actions (embed code, preview, duplicate, delete) and the
// Project Media section. Leaving it with unsaved changes asks first.
import { type FieldMetadata, getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { z } from "zod";
import { Form, Link, useNavigation } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { UnsavedChangesDialog, useUnsavedChanges } from "~/components/unsaved-changes";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Field, FieldError } from "~/ui/field";
import { Label, Required } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { SelectField } from "~/ui/select-field";
import { SwitchField } from "~/ui/switch-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import type { ProjectForEdit } from "../projects.server";
import {
  DIMENSION_BLOCKS,
  type IncludedField,
  type OptionChoice,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  projectFormSchema,
  type ProjectFormValues,
  suggestProjectName,
} from "../schema";
import { DimensionBlock } from "./dimension-block";
import { OptionPicker } from "./option-picker";
import { ProjectActions } from "./project-actions";
import { ProjectNameField } from "./project-name-field";

type FormInput = z.input<typeof projectFormSchema>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

function defaultValues(project: ProjectForEdit | undefined): Partial<Record<keyof FormInput, string>> {
  if (!project) return { status: "draft" };
  const values: Partial<Record<keyof FormInput, string>> = {
    title: project.title,
    clientId: project.clientId,
    description: text(project.description),
    status: project.status,
    endDate: text(project.endDate),
    themeStyle: text(project.themeStyle),
    featuredUrl: text(project.featuredUrl),
    salePrice: text(project.salePrice),
    capacity: text(project.capacity),
  };
  for (const block of DIMENSION_BLOCKS) {
    for (const name of [block.length, block.width, block.height, block.levels, block.sqFeet]) {
      values[name] = text(project[name]);
    }
  }
  return values;
}

export function ProjectForm({
  project,
  clients,
  options = [],
  embedOrigin,
  answer,
  media,
  contracts,
}: {
  project?: ProjectForEdit;
  clients: { id: string; name: string }[];
  /** The playground options catalogue (edit mode). */
  options?: OptionChoice[];
  embedOrigin: string;
  /** The action's last answer: the form's errors and, after a conflict, the other person's version (saving again overwrites on purpose). */
  answer?: ActionResult;
  /** The Project Media section (edit mode). */
  media?: React.ReactNode;
  /** The project's contracts (edit mode). */
  contracts?: React.ReactNode;
}) {
  const editing = Boolean(project);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const optionsLabelId = useId();

  const [title, setTitle] = useState(project?.title ?? "");
  const [projectName, setProjectName] = useState(project?.projectName ?? "");
  // A new project's name follows its title until someone edits the name itself.
  const [nameEdited, setNameEdited] = useState(editing);
  const [featured, setFeatured] = useState(project?.isFeatured ?? false);
  const [showInGallery, setShowInGallery] = useState(project?.showInGallery ?? false);
  const [included, setIncluded] = useState<Record<IncludedField, boolean>>({
    hasMainPlayground: project?.hasMainPlayground ?? false,
    hasToddlerZone: project?.hasToddlerZone ?? false,
    hasSportCourt: project?.hasSportCourt ?? false,
  });
  // The version this form was opened with: revalidations (an option added, a
  // media change) must not quietly adopt someone else's save.
  const [openedVersion] = useState(project?.version);
  const { dirty, blocker, trackChanges } = useUnsavedChanges(formRef);

  const [form, fields] = useForm<FormInput, ProjectFormValues>({
    id: "project-form",
    lastResult: answer?.result,
    defaultValue: defaultValues(project),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const saving =
    navigation.state === "submitting" && navigation.formMethod === "POST" && !navigation.formData?.has("intent");
  const label = saving ? (editing ? "Updating..." : "Creating...") : editing ? "Update Project" : "Create Project";
  const fieldsByName = fields as unknown as Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Button asChild variant="ghost" size="icon">
            <Link to="/admin/projects" aria-label="Back to projects">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight">{editing ? "Edit Project" : "New Project"}</h1>
            <p className="truncate text-muted-foreground">
              {project ? project.title : "Add a project; images, videos and options come once it is saved."}
            </p>
          </div>
        </div>
        {project ? (
          <ProjectActions
            title={project.title}
            projectName={project.projectName}
            embedOrigin={embedOrigin}
            dirty={dirty}
          />
        ) : null}
      </div>

      <Form method="post" ref={formRef} {...getFormProps(form)} {...trackChanges} className="grid gap-6">
        {project ? <input type="hidden" name="version" value={answer?.version ?? openedVersion} /> : null}
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Project Details</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <TextField
              label={<Required>Title</Required>}
              field={fields.title}
              maxLength={200}
              onChange={(event) => {
                setTitle(event.target.value);
                if (!nameEdited) setProjectName(suggestProjectName(event.target.value));
              }}
            />
            <ProjectNameField
              field={fields.projectName}
              value={projectName}
              onChange={(value) => {
                setNameEdited(true);
                setProjectName(value);
              }}
              onSuggest={() => setProjectName(suggestProjectName(title))}
              origin={embedOrigin}
            />
            <SelectField
              label={<Required>Client</Required>}
              field={fields.clientId}
              placeholder="Select a client"
              options={clients.map((client) => ({ value: client.id, label: client.name }))}
            />
            <TextareaField label="Description" field={fields.description} rows={4} />
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <StatusField field={fields.status} />
              <TextField label="Installation Date" field={fields.endDate} type="date" />
            </div>
            <TextField
              label="Theme Style"
              field={fields.themeStyle}
              maxLength={100}
              placeholder="Pirate ship, jungle, space…"
            />
            {project ? (
              <SwitchField
                name="showInGallery"
                label="Show in Gallery"
                description="List this project in the public project gallery once it is completed."
                checked={showInGallery}
                onCheckedChange={setShowInGallery}
              />
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Featured</h2>
            </CardTitle>
            <CardDescription>Featured projects stand out in published galleries.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <SwitchField name="isFeatured" label="Featured" checked={featured} onCheckedChange={setFeatured} />
            <div hidden={!featured}>
              <TextField
                label="Featured URL"
                field={fields.featuredUrl}
                type="url"
                placeholder="https://"
                disabled={!featured}
                description="Optional: the page a featured gallery card opens."
              />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Commercial</h2>
            </CardTitle>
            <CardDescription>For staff only: never shown on public pages.</CardDescription>
          </CardHeader>
          <CardContent className="grid items-start gap-5 sm:grid-cols-2">
            <TextField
              label="Sale Price"
              field={fields.salePrice}
              type="number"
              step="0.01"
              min={0}
              inputMode="decimal"
              placeholder="0.00"
            />
            <TextField
              label="Capacity"
              field={fields.capacity}
              type="number"
              step="1"
              min={0}
              inputMode="numeric"
              description="How many children can play at once."
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Dimensions</h2>
            </CardTitle>
            <CardDescription>In feet. A block that is switched off keeps its saved values.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {DIMENSION_BLOCKS.map((block) => (
              <DimensionBlock
                key={block.included}
                block={block}
                fields={fieldsByName}
                included={included[block.included]}
                onIncludedChange={(value) => setIncluded((current) => ({ ...current, [block.included]: value }))}
              />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 id={optionsLabelId}>Playground Options</h2>
            </CardTitle>
            <CardDescription>Saved as soon as you pick or remove one.</CardDescription>
          </CardHeader>
          <CardContent>
            <OptionPicker
              projectId={project?.id ?? null}
              choices={options}
              savedIds={project?.optionIds ?? []}
              labelId={optionsLabelId}
            />
          </CardContent>
        </Card>

        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/projects">Cancel</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {label}
          </Button>
        </div>
      </Form>

      {media}
      {contracts}
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}

function StatusField<Schema>({ field }: { field: FieldMetadata<Schema, Record<string, unknown>, string[]> }) {
  const { key, ...props } = getSelectProps(field);
  return (
    <Field>
      <Label htmlFor={field.id}>Status</Label>
      <NativeSelect key={key} {...props}>
        {PROJECT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PROJECT_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}
