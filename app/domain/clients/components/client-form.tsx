// The client form, for creating and editing: fields, logo and linked contacts.
// Saving uploads a newly picked logo first ('Uploading logo...'), then posts
// the form with the upload's id ('Creating...' / 'Updating...').
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ChangedUnderneathBanner, useChangedUnderneath } from "~/components/changed-underneath";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import { ImagePicker } from "~/domain/media/components/image-picker";
import { usePendingImage } from "~/domain/media/components/use-pending-image";
import type { ImageSources } from "~/lib/image-sources";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Field, FieldError } from "~/ui/field";
import { Label, Required } from "~/ui/label";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { fieldText } from "../../form-fields";
import { CLIENT_FIELDS, clientFormSchema } from "../schema";
import { type ContactChoice, ContactPicker } from "./contact-picker";

export interface ClientFormData {
  id: string;
  name: string;
  industryType: string | null;
  location: string | null;
  website: string | null;
  notes: string | null;
  logo: ImageSources | null;
  contactIds: string[];
  version: string;
}

/** The fields as the form names them, for saying what someone else changed. */
const LABELS = {
  name: "Client Name",
  industryType: "Industry Type",
  location: "Location",
  contacts: "Linked Contacts",
  website: "Website",
  notes: "Notes",
};

export function ClientForm({
  client,
  industryTypes,
  contacts,
  answer,
}: {
  client?: ClientFormData;
  industryTypes: string[];
  contacts: ContactChoice[];
  /** The action's last answer: the form's errors and, after a conflict, the other person's version (saving again overwrites on purpose). */
  answer?: ActionResult;
}) {
  const editing = Boolean(client);
  const navigation = useNavigation();
  const submit = useSubmit();
  const logo = usePendingImage("client-logo", "logoUploadId");
  const [contactIds, setContactIds] = useState<string[]>(client?.contactIds ?? []);
  const contactsLabelId = useId();

  const texts = fieldText(CLIENT_FIELDS, client ?? {});
  // What the form was opened with: a live update re-reads the client, and must not touch what is typed.
  const [defaultValue] = useState(() => ({ ...texts, contactIds: client?.contactIds ?? [] }));
  const underneath = useChangedUnderneath({
    kind: "client",
    id: client?.id,
    version: client?.version,
    answerVersion: answer?.version,
    texts: {
      ...texts,
      contacts: contacts
        .filter((contact) => client?.contactIds.includes(contact.id))
        .map((contact) => contact.name)
        .join(", "),
    },
    labels: LABELS,
  });

  const [form, fields] = useForm({
    id: "client-form",
    lastResult: answer?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const busy = saving || logo.upload.uploading;
  const label = logo.upload.uploading
    ? "Uploading logo..."
    : saving
      ? editing
        ? "Updating..."
        : "Creating..."
      : editing
        ? "Update Client"
        : "Create Client";
  const formProps = getFormProps(form);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={editing ? "Edit Client" : "New Client"}
        description={
          editing ? "Update the client's details, logo and contacts." : "Add a client and link its contacts."
        }
        back={{ to: "/admin/clients", label: "Back to clients" }}
      />
      <Card>
        <CardContent>
          <Form
            method="post"
            {...formProps}
            onSubmit={async (event) => {
              formProps.onSubmit(event);
              if (event.defaultPrevented || !logo.file) return;
              // Upload the new logo first, then post the form with its id.
              event.preventDefault();
              const formElement = event.currentTarget;
              if (await logo.uploadInto(formElement)) submit(formElement, { method: "post" });
            }}
            className="grid gap-5"
          >
            <input type="hidden" name="logoUploadId" defaultValue="" />
            <ChangedUnderneathBanner change={underneath.change} />
            {client ? <input type="hidden" name="version" value={underneath.version} data-opened-version="" /> : null}
            <TextField label={<Required>Client Name</Required>} field={fields.name} maxLength={100} />
            <ImagePicker
              label="Client Logo"
              noun="logo"
              current={client?.logo ?? null}
              image={logo}
              removeFieldName="removeLogo"
              hint="JPEG, PNG, WebP, AVIF or GIF, up to 5MB."
            />
            <SelectField
              label="Industry Type"
              field={fields.industryType}
              placeholder="No industry type"
              options={industryTypes.map((type) => ({ value: type, label: type }))}
            />
            <TextField label="Location" field={fields.location} autoComplete="off" />
            <Field>
              <Label id={contactsLabelId}>Linked Contacts</Label>
              <ContactPicker
                choices={contacts}
                selected={contactIds}
                onChange={setContactIds}
                labelId={contactsLabelId}
              />
              <FieldError id={fields.contactIds.errorId} errors={fields.contactIds.errors} />
            </Field>
            <TextField label="Website" field={fields.website} type="url" placeholder="https://" />
            <TextareaField label="Notes" field={fields.notes} rows={4} />
            <FieldError id={form.errorId} errors={form.errors} />
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link to="/admin/clients">Cancel</Link>
              </Button>
              <Button type="submit" disabled={busy}>
                {label}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
