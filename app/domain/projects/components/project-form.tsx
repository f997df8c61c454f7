// The project form, for creating and editing: details, featured, commercial
// fields, the three dimension blocks and the playground options; in edit mode
// also the page's actions (embed code, preview, duplicate, delete) and the
// Project Media section. Leaving it with unsaved changes asks first.
import { type FieldMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ChangedUnderneathBanner, useChangedUnderneath } from "~/components/changed-underneath";
import { FormSection } from "~/components/form-section";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import { UnsavedChangesDialog, useUnsavedChanges } from "~/components/unsaved-changes";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { Required } from "~/ui/label";
import { SelectField } from "~/ui/select-field";
import { SwitchField } from "~/ui/switch-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import type { ProjectForEdit } from "../projects.server";
import {
  DIMENSION_BLOCKS,
  type IncludedField,
  type OptionChoice,
  projectFormSchema,
  type ProjectFormValues,
  suggestProjectName,
} from "../schema";
import {
  AudienceSection,
  type ComparisonChoices,
  ComparisonSection,
  QuoteSection,
  StorySection,
} from "./case-study-sections";
import { DimensionBlock } from "./dimension-block";
import { defaultValues, type FormInput } from "./form-defaults";
import { OptionPicker } from "./option-picker";
import { ShareLinkDialog } from "~/domain/share-links/components/share-link-dialog";
import { ProjectActions } from "./project-actions";
import { ProjectNameField } from "./project-name-field";
import { StatusField } from "./status-field";
import { projectVisibility } from "../visibility";
import { PROJECT_STATUS_LABELS } from "../labels";
import { VisibilityStatus } from "./visibility-badge";

/** The fields as the form names them, for saying what someone else changed. */
const LABELS = {
  title: "Title",
  projectName: "Project Name",
  clientId: "Client",
  description: "Description",
  status: "Status",
  endDate: "Installation Date",
  themeStyle: "Theme Style",
  showInGallery: "Show in Gallery",
  isFeatured: "Featured",
  featuredUrl: "Featured URL",
  salePrice: "Sale Price",
  capacity: "Capacity",
  storyBrief: "The brief",
  storySolution: "Our solution",
  storyResult: "The result",
  quoteText: "Quote",
  quoteAuthor: "Author",
  quoteRole: "Role",
};

const yesNo = (value: boolean | undefined) => (value ? "Yes" : "No");

export function ProjectForm({
  project,
  clients,
  options = [],
  embedOrigin,
  answer,
  media,
  contracts,
  comparisonChoices,
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
  /** The renders and completed photos to pair on the public page (edit mode, when it has both). */
  comparisonChoices?: ComparisonChoices;
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
  // media change, someone else's save) must not quietly adopt someone else's save.
  const texts = defaultValues(project) as Record<string, string | undefined>;
  const [openedValues] = useState(texts);
  const underneath = useChangedUnderneath({
    kind: "project",
    id: project?.id,
    version: project?.version,
    answerVersion: answer?.version,
    texts: {
      ...texts,
      clientId: clients.find((client) => client.id === project?.clientId)?.name ?? "",
      status: PROJECT_STATUS_LABELS[project?.status as keyof typeof PROJECT_STATUS_LABELS] ?? texts.status ?? "",
      showInGallery: yesNo(project?.showInGallery),
      isFeatured: yesNo(project?.isFeatured),
    } as Record<string, string>,
    labels: LABELS,
  });
  const { dirty, blocker, trackChanges } = useUnsavedChanges(formRef);

  const [form, fields] = useForm<FormInput, ProjectFormValues>({
    id: "project-form",
    lastResult: answer?.result,
    defaultValue: openedValues,
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
      <PageHeader
        title={editing ? "Edit Project" : "New Project"}
        description={project ? project.title : "Add a project; images, videos and options come once it is saved."}
        back={{ to: "/admin/projects", label: "Back to projects" }}
      >
        {project ? (
          <ProjectActions
            title={project.title}
            projectName={project.projectName}
            embedOrigin={embedOrigin}
            dirty={dirty}
          />
        ) : null}
        {project ? <ShareLinkDialog target={{ projectId: project.id }} name={project.title} /> : null}
      </PageHeader>

      <Form method="post" ref={formRef} {...getFormProps(form)} {...trackChanges} className="grid gap-6">
        <ChangedUnderneathBanner change={underneath.change} />
        {project ? <input type="hidden" name="version" value={underneath.version} data-opened-version="" /> : null}
        <FormSection title="Project Details">
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
          <div className="items-start sm:grid-cols-2">
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
            <div className="grid gap-2">
              <SwitchField
                name="showInGallery"
                label="Show in Gallery"
                description="Publish this project's page, and list it in the public project gallery once it is completed."
                checked={showInGallery}
                onCheckedChange={setShowInGallery}
              />
              <VisibilityStatus
                visibility={projectVisibility({ showInGallery, inPublishedGallery: project.inPublishedGallery })}
                saved={showInGallery === project.showInGallery}
              />
            </div>
          ) : null}
        </FormSection>

        <StorySection fields={fieldsByName} />
        <QuoteSection fields={fieldsByName} />
        <AudienceSection
          fields={fieldsByName}
          ageGroups={project?.ageGroups ?? []}
          inclusivePlay={project?.inclusivePlay ?? false}
        />
        {comparisonChoices?.renders.length && comparisonChoices.photos.length ? (
          <ComparisonSection fields={fieldsByName} choices={comparisonChoices} />
        ) : null}

        <FormSection title="Featured" description="Featured projects stand out in published galleries.">
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
        </FormSection>

        <FormSection
          title="Commercial"
          description="For staff only: never shown on public pages."
          className="items-start sm:grid-cols-2"
        >
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
        </FormSection>

        <FormSection
          title="Dimensions"
          description="In feet. A block that is switched off keeps its saved values."
          className="gap-4"
        >
          {DIMENSION_BLOCKS.map((block) => (
            <DimensionBlock
              key={block.included}
              block={block}
              fields={fieldsByName}
              included={included[block.included]}
              onIncludedChange={(value) => setIncluded((current) => ({ ...current, [block.included]: value }))}
            />
          ))}
        </FormSection>

        <FormSection
          title="Playground Options"
          titleId={optionsLabelId}
          description="Saved as soon as you pick or remove one."
        >
          <OptionPicker
            projectId={project?.id ?? null}
            choices={options}
            savedIds={project?.optionIds ?? []}
            labelId={optionsLabelId}
          />
        </FormSection>

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
