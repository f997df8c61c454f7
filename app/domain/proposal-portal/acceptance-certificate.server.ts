// The sealed record of a proposal's acceptance: the accepted version's PDF
// (with its acceptance record), the completion certificate contracts get —
// who accepted, how the portal identified them, the consent, each step's time,
// address and browser — with the version's SHA-256, then sealed with the same
// PKCS#7 signature (decision 0054), so `pdfsig` or any reader shows a change.
import crypto from "node:crypto";
import type { CertificateEvent } from "../contracts/signing/certificate.server";
import { ACCEPTANCE_CONSENT } from "./consent";

export const sha256 = (bytes: Uint8Array | string) => crypto.createHash("sha256").update(bytes).digest("hex");

export interface AcceptanceEvidence {
  company: string;
  origin: string;
  proposal: { id: string; title: string; version: number; client: string; site: string | null };
  /** The SHA-256 of the version as it was sent (its content hash). */
  versionSha256: string;
  /** The accepted total and the options chosen, as the buyer saw them ("£12,345.00"). */
  total: string;
  chosenOptions: string[];
  signer: { name: string; email: string; codeMailedAt: Date; typedName: string };
  /** Sent, viewed, accepted: each with who, when, the address and the browser. */
  events: CertificateEvent[];
  signaturePng: Buffer | null;
}

/** The accepted version's PDF with the completion certificate appended, sealed at `now`. */
export async function sealAcceptance(pdf: Uint8Array, evidence: AcceptanceEvidence, now: Date): Promise<Buffer> {
  const { proposal } = evidence;
  // The PDF and signing libraries are loaded at first use: start-up does not need them.
  const [{ appendCertificate }, { sealPdf }] = await Promise.all([
    import("../contracts/signing/certificate.server"),
    import("~/.server/signing/seal"),
  ]);
  const prepared = await appendCertificate(pdf, {
    company: evidence.company,
    origin: evidence.origin,
    subject: {
      summary: "Electronic acceptance of the proposal on the pages before this one.",
      facts: [
        ["Proposal", `${proposal.title}, version ${proposal.version} (${proposal.id})`],
        ["Client", proposal.site ? `${proposal.client} · ${proposal.site}` : proposal.client],
        ["Total accepted", evidence.total],
        ["Options chosen", evidence.chosenOptions.length ? evidence.chosenOptions.join("; ") : "None"],
        ["SHA-256 of the version as sent", evidence.versionSha256],
        ["SHA-256 of the pages before this certificate", sha256(pdf)],
      ],
    },
    sealReason: "Accepted by the client in the client portal; completion certificate appended",
    signer: evidence.signer,
    consentText: ACCEPTANCE_CONSENT,
    consentSha256: sha256(ACCEPTANCE_CONSENT),
    events: evidence.events,
    eventLabels: { sent: "Sent", viewed: "Viewed", accepted: "Accepted" },
    signaturePng: evidence.signaturePng,
  });
  return sealPdf(prepared, now);
}
