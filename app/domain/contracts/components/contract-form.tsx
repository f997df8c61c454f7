// The contract form, for creating and editing: project (the client follows),
// title or reference, status and its dates, notes and the signed document.
// Saving uploads a newly picked PDF first ('Uploading document...'), then
// posts the form with the upload's id ('Creating...' / 'Updating...'). Moving
// a signed contract back asks for a confirmation first.
import { getFormProps, getSelectProps, useForm, useInputControl } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ChangedUnderneathBanner, useChangedUnderneath } from "~/components/changed-underneath";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Field, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label, Required } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import type { ContractForEdit } from "../contracts.server";
import {
  CONTRACT_STATUS_LABELS,
  FORM_STATUSES,
  type FormStatus,
  confirmUnsignMessage,
  contractFormSchema,
} from "../schema";
import { DocumentField } from "./document-field";
import { type ProjectChoice, ProjectPicker } from "./project-picker";
import { useDocumentUpload } from "./use-document-upload";

/** The fields as the form names them, for saying what someone else changed. */
const LABELS = {
  projectId: "Project",
  title: "Title or Reference",
  status: "Status",
  dateSent: "Date Sent",
  dateSigned: "Date Signed",
  notes: "Notes",
};

export function ContractForm({
  contract,
  projects,
  projectId,
  answer,
}: {
  contract?: ContractForEdit;
  projects: ProjectChoice[];
  /** A project to start a new contract with. */
  projectId?: string | null;
  /** The action's last answer: the form's errors and, after a conflict, the other person's version (saving again overwrites on purpose). */
  answer?: ActionResult;
}) {
  const editing = Boolean(contract);
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const projectLabelId = useId();
  const clientId = useId();
  const document = useDocumentUpload();
  const values = {
    projectId: contract?.projectId ?? projectId ?? "",
    status: contract?.status ?? "draft",
    dateSent: contract?.dateSent ?? "",
    dateSigned: contract?.dateSigned ?? "",
    title: contract?.title ?? "",
    notes: contract?.notes ?? "",
  };
  // What the form was opened with: a live update re-reads the contract (a signature, someone's
  // save), and must not touch what is typed.
  const [defaultValue] = useState(values);
  const underneath = useChangedUnderneath({
    kind: "contract",
    id: contract?.id,
    version: contract?.version,
    answerVersion: answer?.version,
    texts: {
      ...values,
      projectId: projects.find((choice) => choice.id === values.projectId)?.title ?? "",
      status: CONTRACT_STATUS_LABELS[values.status as FormStatus] ?? values.status,
    },
    labels: LABELS,
  });
  const [status, setStatus] = useState<string>(defaultValue.status);
  const [asking, setAsking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const unsigning = defaultValue.status === "signed" && status !== "signed";

  const [form, fields] = useForm({
    id: "contract-form",
    lastResult: answer?.result,
    defaultValue: { ...defaultValue, projectId: defaultValue.projectId || undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contractFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const project = useInputControl(fields.projectId);
  const client = projects.find((choice) => choice.id === project.value)?.clientName ?? "";

  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const busy = saving || document.uploading;
  const label = document.uploading
    ? "Uploading document..."
    : saving
      ? editing
        ? "Updating..."
        : "Creating..."
      : editing
        ? "Update Contract"
        : "Create Contract";
  const formProps = getFormProps(form);
  const { key: statusKey, ...statusProps } = getSelectProps(fields.status);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={editing ? "Edit Contract" : "New Contract"}
        description={
          editing ? "Update the contract's status, dates and signed document." : "Record a contract for a project."
        }
        back={{ to: "/admin/contracts", label: "Back to contracts" }}
      />
      <Card>
        <CardContent>
          <Form
            method="post"
            ref={formRef}
            {...formProps}
            onSubmit={async (event) => {
              formProps.onSubmit(event);
              if (event.defaultPrevented) return;
              if (unsigning && !confirmed) {
                event.preventDefault();
                setAsking(true);
                return;
              }
              if (!document.file) return;
              // Upload the new document first, then post the form with its id.
              event.preventDefault();
              const formElement = event.currentTarget;
              if (await document.upload()) submit(formElement, { method: "post" });
            }}
            className="grid gap-5"
          >
            <ChangedUnderneathBanner change={underneath.change} />
            {contract ? <input type="hidden" name="version" value={underneath.version} data-opened-version="" /> : null}
            {unsigning && confirmed ? <input type="hidden" name="confirmUnsign" value="on" /> : null}
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <Field>
                <Label id={projectLabelId}>
                  <Required>Project</Required>
                </Label>
                <ProjectPicker
                  choices={projects}
                  value={project.value ?? ""}
                  onChange={(id) => project.change(id)}
                  labelId={projectLabelId}
                  errorId={fields.projectId.errorId}
                  invalid={!fields.projectId.valid}
                />
                <FieldError id={fields.projectId.errorId} errors={fields.projectId.errors} />
              </Field>
              <Field>
                <Label htmlFor={clientId}>Client</Label>
                <Input id={clientId} value={client} readOnly placeholder="Follows from the project" tabIndex={-1} />
              </Field>
            </div>
            <TextField
              label="Title or Reference"
              field={fields.title}
              maxLength={200}
              placeholder="e.g. Installation agreement, PO-2025-014"
            />
            <div className="grid items-start gap-5 sm:grid-cols-3">
              <Field>
                <Label htmlFor={fields.status.id}>Status</Label>
                <NativeSelect
                  key={statusKey}
                  {...statusProps}
                  onChange={(event) => {
                    setStatus(event.target.value as FormStatus);
                    setConfirmed(false);
                  }}
                >
                  {FORM_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {CONTRACT_STATUS_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
                <FieldError id={fields.status.errorId} errors={fields.status.errors} />
              </Field>
              <TextField
                label="Date Sent"
                field={fields.dateSent}
                type="date"
                description="Left empty, a sent contract is dated today."
              />
              <TextField
                label="Date Signed"
                field={fields.dateSigned}
                type="date"
                disabled={status !== "signed"}
                description="Needed once the contract is signed."
              />
            </div>
            <TextareaField label="Notes" field={fields.notes} rows={4} />
            <DocumentField
              state={document}
              saved={contract?.document ?? null}
              downloadHref={contract ? `/admin/contracts/${contract.id}/document` : null}
              fixed={contract?.documentFixed}
            />
            <FieldError id={form.errorId} errors={form.errors} />
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link to="/admin/contracts">Cancel</Link>
              </Button>
              <Button type="submit" disabled={busy}>
                {label}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Move this signed contract back to {status}?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirmUnsignMessage(status as FormStatus)} Its signed date will be cleared; the signed document is kept.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it signed</AlertDialogCancel>
            <Button
              type="button"
              onClick={() => {
                flushSync(() => {
                  setConfirmed(true);
                  setAsking(false);
                });
                formRef.current?.requestSubmit();
              }}
            >
              Move to {status}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
