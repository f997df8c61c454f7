// The project form's case-study sections: the story (three optional parts),
// the client quote, who the playground is for (age groups, inclusive play,
// surfacing) and, once the project has both, the render/photo pair compared on
// the public page. Plain text only: the page shows it as paragraphs.
import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { FormSection } from "~/components/form-section";
import { FieldError } from "~/ui/field";
import { SelectField } from "~/ui/select-field";
import { SwitchField } from "~/ui/switch-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { AGE_GROUP_LABELS, AGE_GROUPS, type AgeGroup, SURFACING_LABELS, SURFACINGS } from "../schema";

type Fields = Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

/** The images staff can pair: each with a label that tells them apart. */
export interface ComparisonChoices {
  renders: { id: string; label: string }[];
  photos: { id: string; label: string }[];
}

export function StorySection({ fields }: { fields: Fields }) {
  return (
    <FormSection
      title="Story"
      description="Optional, plain text: leave a blank line between paragraphs. Shown on the public page."
    >
      <TextareaField label="The brief" field={fields.storyBrief!} rows={4} maxLength={5000} />
      <TextareaField label="Our solution" field={fields.storySolution!} rows={4} maxLength={5000} />
      <TextareaField label="The result" field={fields.storyResult!} rows={4} maxLength={5000} />
    </FormSection>
  );
}

export function QuoteSection({ fields }: { fields: Fields }) {
  return (
    <FormSection title="Client Quote" description="Optional: what the client said, and who said it.">
      <TextareaField label="Quote" field={fields.quoteText!} rows={3} maxLength={1000} />
      <div className="items-start sm:grid-cols-2">
        <TextField label="Author" field={fields.quoteAuthor!} maxLength={200} placeholder="Jane Harper" />
        <TextField label="Role" field={fields.quoteRole!} maxLength={200} placeholder="Parks Manager" />
      </div>
    </FormSection>
  );
}

export function AudienceSection({
  fields,
  ageGroups,
  inclusivePlay,
}: {
  fields: Fields;
  ageGroups: readonly AgeGroup[];
  inclusivePlay: boolean;
}) {
  const [inclusive, setInclusive] = useState(inclusivePlay);
  const ages = fields.ageGroups!;
  return (
    <FormSection title="Who It Is For" description="Buyers filter the Project Library by these.">
      <fieldset
        className="grid gap-2"
        aria-describedby={ages.errors ? ages.errorId : undefined}
        aria-invalid={ages.errors ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Age groups</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {AGE_GROUPS.map((group) => (
            <label key={group} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="ageGroups"
                value={group}
                defaultChecked={ageGroups.includes(group)}
                className="size-4 accent-primary"
              />
              {AGE_GROUP_LABELS[group]}
            </label>
          ))}
        </div>
        <FieldError id={ages.errorId} errors={ages.errors} />
      </fieldset>
      <SwitchField
        name="inclusivePlay"
        label="Inclusive play"
        description="Designed so children of all abilities can play together."
        checked={inclusive}
        onCheckedChange={setInclusive}
      />
      <SelectField
        label="Surfacing"
        field={fields.surfacing!}
        placeholder="Not recorded"
        options={SURFACINGS.map((value) => ({ value, label: SURFACING_LABELS[value] }))}
        className="sm:max-w-xs"
      />
    </FormSection>
  );
}

export function ComparisonSection({ fields, choices }: { fields: Fields; choices: ComparisonChoices }) {
  return (
    <FormSection
      title="Render versus Reality"
      description="The public page compares a 3D render with a completed photo, side by side under a slider."
      className="items-start sm:grid-cols-2"
    >
      <SelectField
        label="3D render"
        field={fields.comparisonRenderId!}
        placeholder="The first 3D render"
        options={choices.renders.map((render) => ({ value: render.id, label: render.label }))}
      />
      <SelectField
        label="Completed photo"
        field={fields.comparisonPhotoId!}
        placeholder="The first completed photo"
        options={choices.photos.map((photo) => ({ value: photo.id, label: photo.label }))}
      />
    </FormSection>
  );
}
