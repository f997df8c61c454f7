// On the admin proposal page, once the buyer accepted in the portal: who
// accepted which version, when, at what total with which options, and what the
// acceptance made: the draft contract (whose document is the sealed
// acceptance, ready to send for signature) and the project.
import { FileCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";
import { DescriptionItem } from "~/ui/description-item";
import type { ProposalAcceptance as Acceptance } from "../acceptance.server";
import { TitledCard } from "./titled-card";

export type ShownAcceptance = Omit<Acceptance, "at" | "totalAccepted" | "money"> & {
  when: string;
  total: string | null;
};

export function ProposalAcceptance({ acceptance }: { acceptance: ShownAcceptance | null }) {
  if (!acceptance) return null;
  const { contractId, projectId } = acceptance;
  return (
    <section aria-labelledby="acceptance-title">
      <TitledCard
        id="acceptance"
        title="Acceptance"
        description={`Accepted in the client portal: version ${acceptance.version}, sealed with its acceptance record and completion certificate.`}
        className="grid gap-4"
      >
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <DescriptionItem term="Accepted by">
            {acceptance.typedName ?? acceptance.name}
            <span className="block font-normal text-muted-foreground">
              {acceptance.typedName && acceptance.typedName !== acceptance.name
                ? `Signed in as ${acceptance.name}, `
                : ""}
              {acceptance.email}
            </span>
          </DescriptionItem>
          <DescriptionItem term="When">{acceptance.when}</DescriptionItem>
          <DescriptionItem term="Total accepted">{acceptance.total ?? "—"}</DescriptionItem>
          <DescriptionItem term="Options chosen">
            {acceptance.options.length ? acceptance.options.join(", ") : "None"}
          </DescriptionItem>
          <DescriptionItem term="Contract">
            {contractId ? (
              <Link className="underline underline-offset-4" to={`/admin/contracts/${contractId}/edit`}>
                {acceptance.contractTitle ?? "Draft contract"}
              </Link>
            ) : (
              "None"
            )}
          </DescriptionItem>
          <DescriptionItem term="Project">
            {projectId ? (
              <Link className="underline underline-offset-4" to={`/admin/projects/${projectId}/edit`}>
                {acceptance.projectTitle}
              </Link>
            ) : (
              "None"
            )}
          </DescriptionItem>
        </dl>
        {contractId && acceptance.sealed ? (
          <Button asChild variant="outline" className="w-fit">
            {/* The draft contract's document is the sealed acceptance, as the acceptance made it. */}
            <a href={`/admin/contracts/${contractId}/document`} download>
              <FileCheck aria-hidden="true" />
              Download the sealed PDF
            </a>
          </Button>
        ) : null}
      </TitledCard>
    </section>
  );
}
