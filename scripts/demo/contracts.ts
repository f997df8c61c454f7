// Demo contracts: a handful across the statuses, on demo projects at a fitting stage,
// two of them signed with a small generated PDF stored like an upload would be.
import { desc, eq } from "drizzle-orm";
import { minimalPdf } from "#tests/fixtures/pdf";
import { schema, type Db } from "~/.server/db";
import { storage } from "~/.server/storage";
import { contractDocumentKey } from "~/domain/media/stored-files.server";
import { factories } from "#tests/factories";

type Status = "draft" | "sent" | "signed";

interface DemoContract {
  title: string;
  status: Status;
  sent?: string;
  signed?: string;
  notes?: string;
  /** Stores a generated signed PDF with it. */
  document?: boolean;
}

// prettier-ignore
const CONTRACTS: DemoContract[] = [
  { title: "Installation agreement", status: "signed", sent: "2025-09-02", signed: "2025-09-12", document: true, notes: "Deposit received; balance due on handover." },
  { title: "Design and build contract", status: "signed", sent: "2025-10-06", signed: "2025-10-20", document: true },
  { title: "Phase 1 works order", status: "sent", sent: "2026-01-14", notes: "Chased by phone on the 21st." },
  { title: "Maintenance agreement (3 years)", status: "sent", sent: "2026-02-03" },
  { title: "Quotation Q-2026-031", status: "draft", notes: "Waiting for the final layout before sending." },
  { title: "Variation order 2", status: "draft" },
];

/** The project stages each contract status fits: signed work is done or under way, drafts are early. */
const FITS: Record<Status, string[]> = {
  signed: ["completed", "in_progress"],
  sent: ["in_progress", "planning"],
  draft: ["planning", "draft", "on_hold"],
};

export async function seedContracts(db: Db): Promise<void> {
  const projects = await db
    .select({ id: schema.projects.id, title: schema.projects.title, status: schema.projects.status })
    .from(schema.projects)
    .orderBy(desc(schema.projects.createdAt));
  if (projects.length === 0) return;
  const [owner] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, "admin"));
  const used = new Set<string>();
  const projectFor = (status: Status) => {
    const project =
      projects.find((p) => !used.has(p.id) && FITS[status].includes(p.status)) ??
      projects.find((p) => !used.has(p.id)) ??
      projects[0]!;
    used.add(project.id);
    return project;
  };

  for (const [index, demo] of CONTRACTS.entries()) {
    const project = projectFor(demo.status);
    let document: { documentKey: string; documentName: string; documentBytes: number } | undefined;
    if (demo.document) {
      const bytes = minimalPdf([
        `${demo.title}: ${project.title}`,
        `Sent ${demo.sent ?? "-"}, signed ${demo.signed ?? "-"}`,
        "Playfolio demo document",
      ]);
      const documentKey = contractDocumentKey();
      await storage().put(documentKey, bytes, { contentType: "application/pdf" });
      document = { documentKey, documentName: `${demo.title} - signed.pdf`, documentBytes: bytes.length };
    }
    await factories(db).contract({
      projectId: project.id,
      title: demo.title,
      status: demo.status,
      dateSent: demo.sent ?? null,
      dateSigned: demo.signed ?? null,
      notes: demo.notes ?? null,
      createdBy: owner?.id ?? null,
      // Oldest first in the list's "newest first" order, a few days apart.
      createdAt: new Date(Date.now() - (CONTRACTS.length - index) * 4 * 24 * 3600 * 1000),
      ...document,
    });
  }
}
