// Settings → Company: the details the public pages show in their header and footer.
import { useState } from "react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation, useSubmit } from "react-router";
import { ChangedUnderneathBanner, useChangedUnderneath } from "~/components/changed-underneath";
import type { ActionResult } from "~/lib/action-result";
import { ImagePicker } from "~/domain/media/components/image-picker";
import { usePendingImage } from "~/domain/media/components/use-pending-image";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { SwitchField } from "~/ui/switch-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { type CompanyDetails, companyFormSchema } from "../schema";

/** The fields as the form names them, for saying what someone else changed. */
const LABELS = {
  name: "Company name",
  address: "Address",
  phone: "Phone",
  videoUrl: "Video channel",
  facebookUrl: "Facebook",
  instagramUrl: "Instagram",
  linkedinUrl: "LinkedIn",
  currency: "Currency",
  locale: "Locale",
};

export function CompanyForm({
  details,
  projectBookPublic,
  money,
  version,
  answer,
}: {
  details: CompanyDetails;
  projectBookPublic: boolean;
  /** The proposals' currency and locale. */
  money: { currency: string; locale: string };
  version: string | null;
  /** The action's last answer: the form's errors and, after a conflict, the other person's version (saving again overwrites on purpose). */
  answer?: ActionResult;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const logo = usePendingImage("company-logo", "logoUploadId");
  const saving = navigation.state === "submitting";
  const [bookPublic, setBookPublic] = useState(projectBookPublic);
  const texts = {
    name: details.name ?? "",
    address: details.address ?? "",
    phone: details.phone ?? "",
    videoUrl: details.videoUrl ?? "",
    facebookUrl: details.facebookUrl ?? "",
    instagramUrl: details.instagramUrl ?? "",
    linkedinUrl: details.linkedinUrl ?? "",
    currency: money.currency,
    locale: money.locale,
  };
  // What the form was opened with: a live update re-reads the company, and must not touch what is typed.
  const [defaultValue] = useState(texts);
  const underneath = useChangedUnderneath({
    kind: "settings",
    // The one row of company_settings.
    id: version ? "1" : undefined,
    version: version ?? undefined,
    answerVersion: answer?.version,
    texts,
    labels: LABELS,
  });
  const [form, fields] = useForm({
    id: "company-form",
    lastResult: answer?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={async (event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented || !logo.file) return;
        event.preventDefault();
        const element = event.currentTarget;
        if (await logo.uploadInto(element)) submit(element, { method: "post" });
      }}
      className="grid max-w-2xl gap-5"
    >
      <input type="hidden" name="logoUploadId" defaultValue="" />
      <ChangedUnderneathBanner change={underneath.change} />
      {version ? <input type="hidden" name="version" value={underneath.version} data-opened-version="" /> : null}
      <TextField label="Company name" field={fields.name} maxLength={100} autoComplete="organization" />
      <ImagePicker
        label="Logo"
        noun="logo"
        current={details.logo}
        image={logo}
        removeFieldName="removeLogo"
        hint="Shown in the Project Library's header and footer. JPEG, PNG, WebP, AVIF or GIF, up to 5MB."
      />
      <TextareaField label="Address" field={fields.address} rows={2} />
      <TextField label="Phone" field={fields.phone} type="tel" />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField
          label="Currency"
          field={fields.currency}
          maxLength={3}
          description="Proposals are priced in it: an ISO code, such as USD or EUR."
        />
        <TextField
          label="Locale"
          field={fields.locale}
          maxLength={35}
          description="How proposals write numbers, such as en-US or de-DE."
        />
      </div>
      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Social links</legend>
        <TextField label="Video channel" field={fields.videoUrl} type="url" placeholder="https://www.youtube.com/@…" />
        <TextField label="Facebook" field={fields.facebookUrl} type="url" placeholder="https://facebook.com/…" />
        <TextField label="Instagram" field={fields.instagramUrl} type="url" placeholder="https://instagram.com/…" />
        <TextField
          label="LinkedIn"
          field={fields.linkedinUrl}
          type="url"
          placeholder="https://linkedin.com/company/…"
        />
      </fieldset>
      <SwitchField
        name="projectBookPublic"
        label="Visitors may download the project book"
        description="The Project Library offers a PDF of the projects its filters show. Staff can always download it."
        checked={bookPublic}
        onCheckedChange={setBookPublic}
      />
      <FieldError id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" disabled={saving || logo.upload.uploading}>
          {logo.upload.uploading ? "Uploading logo..." : saving ? "Saving..." : "Save company details"}
        </Button>
      </div>
    </Form>
  );
}
