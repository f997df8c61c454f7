// The contact form, for creating and editing.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ChangedUnderneathBanner, useChangedUnderneath } from "~/components/changed-underneath";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { FieldError } from "~/ui/field";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { Required } from "~/ui/label";
import { fieldText, type FieldValues } from "../../form-fields";
import { CONTACT_FIELDS, contactFormSchema } from "../schema";

/** The fields as the form names them, for saying what someone else changed. */
const LABELS = { name: "Contact Name", clientId: "Client", email: "Email", phone: "Phone" };

export type ContactFormData = FieldValues<typeof CONTACT_FIELDS> & { id: string; version: string };

export function ContactForm({
  contact,
  clients,
  preselectedClientId,
  answer,
}: {
  contact?: ContactFormData;
  clients: { id: string; name: string }[];
  preselectedClientId?: string | null;
  /** The action's last answer: the form's errors and, after a conflict, the other person's version (saving again overwrites on purpose). */
  answer?: ActionResult;
}) {
  const editing = Boolean(contact);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const texts = fieldText(CONTACT_FIELDS, contact ?? { clientId: preselectedClientId });
  // What the form was opened with: a live update re-reads the contact, and must not touch what is typed.
  const [defaultValue] = useState(texts);
  const underneath = useChangedUnderneath({
    kind: "contact",
    id: contact?.id,
    version: contact?.version,
    answerVersion: answer?.version,
    texts: { ...texts, clientId: clients.find((client) => client.id === texts.clientId)?.name ?? "" },
    labels: LABELS,
  });
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: answer?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title={editing ? "Edit Contact" : "New Contact"}
        description={editing ? "Update this contact's details." : "Add a person at one of your clients."}
        back={{ to: "/admin/contacts", label: "Back to contacts" }}
      />
      <Card>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="grid gap-5">
            <ChangedUnderneathBanner change={underneath.change} />
            {contact ? <input type="hidden" name="version" value={underneath.version} data-opened-version="" /> : null}
            <TextField label={<Required>Contact Name</Required>} field={fields.name} maxLength={100} />
            <SelectField
              label={<Required>Client</Required>}
              field={fields.clientId}
              placeholder="Select a client"
              options={clients.map((client) => ({ value: client.id, label: client.name }))}
            />
            <TextField label="Email" field={fields.email} type="email" autoComplete="off" />
            <TextField label="Phone" field={fields.phone} type="tel" autoComplete="off" />
            <FieldError id={form.errorId} errors={form.errors} />
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link to="/admin/contacts">Cancel</Link>
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? (editing ? "Updating..." : "Creating...") : editing ? "Update Contact" : "Create Contact"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
