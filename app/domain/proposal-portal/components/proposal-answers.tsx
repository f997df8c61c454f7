// Under a proposal in the portal: the buyer's answer. While it is open, the
// acceptance form (the contract signing fields with the acceptance's consent,
// the options ticked above, whose checkboxes belong to it, and the total they make), Ask for changes with a
// comment and Decline with a reason; once accepted, the acceptance record and
// the sealed PDF. The changes thread shows whenever it has comments.
import { getFormProps, type Submission, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { SignatureFields } from "~/domain/contracts/signing/components/signature-fields";
import { TitledCard } from "~/domain/proposals/components/titled-card";
import { formatMoney } from "~/domain/proposals/money";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { DescriptionItem } from "~/ui/description-item";
import { FieldError } from "~/ui/field";
import { TextareaField } from "~/ui/textarea-field";
import { ACCEPTANCE_CONSENT } from "../consent";
import type { PortalProposal } from "../portal-proposals.server";
import { acceptFormSchema, declineProposalSchema, requestChangesSchema } from "../schema";
import { canAnswer } from "./portal-proposal";
import { ACCEPT_FORM_ID } from "./proposal-lines";

/** The proposal as the page's loader gives it: the answer's and the comments' times formatted. */
export type ShownProposal = Omit<PortalProposal, "answer" | "thread"> & {
  answer: (NonNullable<PortalProposal["answer"]> & { when: string }) | null;
  thread: (PortalProposal["thread"][number] & { when: string })[];
};

/** The proposal, the options ticked above and the total they make, and the action's last answer. */
type AnswerProps = {
  proposal: ShownProposal;
  chosen: ReadonlySet<string>;
  total: number;
  answer?: ActionResult;
};

const busyWith = (intent: string) => (formData: FormData | undefined) => formData?.get("intent") === intent;

/** The answers' forms share this: the version the buyer saw goes with each. */
function Seen({ proposal }: { proposal: ShownProposal }) {
  return <input type="hidden" name="seenVersion" value={proposal.number} />;
}

function AcceptForm({ proposal, chosen, total, answer }: AnswerProps) {
  const busy = busyWith("accept")(useNavigation().formData);
  const [form, fields] = useForm({
    id: ACCEPT_FORM_ID,
    lastResult: answer?.intent === "accept" ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const options = proposal.lines.filter((line) => chosen.has(line.id));
  return (
    <Form method="post" className="grid gap-5" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="accept" />
      <Seen proposal={proposal} />
      <input type="hidden" name="seenTotal" value={total} />
      <div className="grid gap-1 rounded-md border p-3" aria-live="polite">
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-medium">You accept</span>
          <span className="text-lg font-semibold tabular-nums">{formatMoney(total, proposal.money)}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {options.length
            ? `Version ${proposal.number}, with ${options.map((line) => line.name).join(", ")}.`
            : `Version ${proposal.number}, without options.`}
        </p>
      </div>
      <SignatureFields
        fields={fields}
        consent={ACCEPTANCE_CONSENT}
        nameDescription="Typing your name signs your acceptance."
      />
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={busy} className="w-full sm:w-fit">
        {busy ? "Accepting..." : "Accept proposal"}
      </Button>
    </Form>
  );
}

/** A folded form with one text box: Ask for changes, Decline. */
function TextAnswer({
  intent,
  summary,
  label,
  field: fieldName,
  submit,
  busyLabel,
  destructive,
  schema,
  proposal,
  answer,
}: {
  intent: "decline" | "changes";
  summary: string;
  label: string;
  field: "reason" | "comment";
  submit: string;
  busyLabel: string;
  destructive?: boolean;
  schema: typeof declineProposalSchema | typeof requestChangesSchema;
  proposal: ShownProposal;
  answer?: ActionResult;
}) {
  const busy = busyWith(intent)(useNavigation().formData);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `${intent}-proposal`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as Submission<Record<string, unknown>>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <details className="rounded-lg border bg-background p-4" open={answer?.intent === intent ? true : undefined}>
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <Form method="post" className="mt-4 grid gap-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value={intent} />
        <Seen proposal={proposal} />
        <TextareaField
          label={label}
          field={fields[fieldName]!}
          rows={3}
          maxLength={intent === "decline" ? 2000 : 5000}
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button
          type="submit"
          variant={destructive ? "destructive" : "default"}
          disabled={busy}
          className="w-full sm:w-fit"
        >
          {busy ? busyLabel : submit}
        </Button>
      </Form>
    </details>
  );
}

/** Who accepted, when, at what total with which options, and the sealed PDF. */
function AcceptanceRecord({ proposal }: { proposal: ShownProposal }) {
  const answer = proposal.answer!;
  const options = proposal.lines.filter((line) => answer.chosenLineIds?.includes(line.id));
  return (
    <section aria-labelledby="acceptance-title">
      <TitledCard
        id="acceptance"
        title="Your acceptance"
        description="The accepted proposal carries this record and its completion certificate, sealed: any PDF reader shows it has not changed since."
        className="grid gap-4"
      >
        <dl className="grid gap-4 sm:grid-cols-2">
          <DescriptionItem term="Accepted by">
            {answer.typedName ?? answer.name}
            {answer.typedName && answer.typedName !== answer.name ? ` (signed in as ${answer.name})` : ""}
          </DescriptionItem>
          <DescriptionItem term="When">{answer.when}</DescriptionItem>
          <DescriptionItem term="Total accepted">
            {answer.totalAccepted === null ? "—" : formatMoney(answer.totalAccepted, proposal.money)}
          </DescriptionItem>
          <DescriptionItem term="Options chosen">
            {options.length ? options.map((line) => line.name).join(", ") : "None"}
          </DescriptionItem>
        </dl>
        {answer.sealed ? (
          <Button asChild variant="outline" className="w-fit print:hidden">
            <a href={`/portal/proposals/${proposal.id}/document`} download>
              <FileCheck aria-hidden="true" />
              Download the sealed PDF<span className="sr-only">: {proposal.title}</span>
            </a>
          </Button>
        ) : null}
      </TitledCard>
    </section>
  );
}

function Thread({ proposal }: { proposal: ShownProposal }) {
  if (!proposal.thread.length) return null;
  return (
    <section aria-labelledby="thread-title">
      <TitledCard id="thread" title="Our conversation" className="grid gap-3">
        <ol className="grid gap-3">
          {proposal.thread.map((comment) => (
            <li
              key={comment.id}
              className={comment.author === "staff" ? "rounded-md border bg-muted/40 p-3" : "rounded-md border p-3"}
            >
              <p className="text-sm">
                <span className="font-medium">{comment.name}</span>{" "}
                <span className="text-muted-foreground">
                  · {comment.when}
                  {comment.versionNumber ? ` · on version ${comment.versionNumber}` : ""}
                  {comment.requestsChanges ? " · asked for changes" : ""}
                </span>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line">{comment.body}</p>
            </li>
          ))}
        </ol>
      </TitledCard>
    </section>
  );
}

export function ProposalAnswers({ proposal, chosen, total, answer }: AnswerProps) {
  const accepted = proposal.answer?.outcome === "accepted";
  return (
    <div className="grid gap-4 print:hidden">
      {accepted ? <AcceptanceRecord proposal={proposal} /> : null}
      {canAnswer(proposal) ? (
        <section aria-labelledby="answer-title" className="grid gap-4">
          <TitledCard
            id="answer"
            title="Accept this proposal"
            description="You signed in with a code emailed to you: that, with your name, is how we record who accepted."
            className="grid gap-5"
          >
            <AcceptForm proposal={proposal} chosen={chosen} total={total} answer={answer} />
          </TitledCard>
          <TextAnswer
            intent="changes"
            summary="Ask for changes"
            label="What would you like changed?"
            field="comment"
            submit="Send my request"
            busyLabel="Sending..."
            schema={requestChangesSchema}
            proposal={proposal}
            answer={answer}
          />
          <TextAnswer
            intent="decline"
            summary="Decline this proposal"
            label="Why do you decline?"
            field="reason"
            submit="Decline proposal"
            busyLabel="Sending..."
            destructive
            schema={declineProposalSchema}
            proposal={proposal}
            answer={answer}
          />
        </section>
      ) : null}
      <Thread proposal={proposal} />
    </div>
  );
}
