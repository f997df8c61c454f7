// The PDF a client may download of its proposal: the sealed acceptance (the
// version with its acceptance record and completion certificate) once
// accepted, else the latest sent version as printed for a budget meeting (the
// admin's own builder of a version's document).
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { proposalVersionDocument } from "../proposals/document.server";
import { renderProposalPdf } from "../proposals/proposal-pdf.server";
import { findClientVersion } from "./portal-proposals.server";

/** "Northtown play trail - v2.pdf": the title as a file name. */
export const proposalFileName = (title: string, version: number, suffix = "") =>
  `${title.replace(/[^\p{L}\p{N} .-]+/gu, "_").slice(0, 120)} - v${version}${suffix}.pdf`;

export async function portalProposalPdf(clientId: string, proposalId: string, today: string) {
  const version = await findClientVersion(db(), clientId, proposalId);
  if (!version) return null;
  const [answer] = await db()
    .select({ certificateKey: schema.proposalAcceptances.certificateKey })
    .from(schema.proposalAcceptances)
    .where(eq(schema.proposalAcceptances.versionId, version.versionId));
  if (answer?.certificateKey) {
    const object = await storage().get(answer.certificateKey);
    if (object)
      return { name: proposalFileName(version.title, version.number, " - accepted"), bytes: await buffer(object.body) };
  }
  const loaded = await proposalVersionDocument(proposalId, version.versionId, today);
  if (!loaded) return null;
  return { name: proposalFileName(version.title, version.number), bytes: await renderProposalPdf(loaded.document) };
}
