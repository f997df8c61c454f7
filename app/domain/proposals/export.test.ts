// Proposals as CSV: one row per proposal at its latest version (status as the
// list shows it, totals as exact decimals of the currency, the dates it was
// sent and accepted), and one row per line of each latest version, both with
// the list's search and filters.
import { buffer } from "node:stream/consumers";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { reviseAndSend, sampleContent } from "#tests/helpers/portal-proposals";
import { portalContact, proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { db, schema } from "~/.server/db";
import { csvStream } from "~/.server/http/csv-response";
import { exportProposalLines, exportProposals, PROPOSAL_CSV, PROPOSAL_LINE_CSV } from "./export.server";
import { createProposal } from "./proposals.server";

withTestDatabase();

const read = async <Row>(columns: Parameters<typeof csvStream<Row>>[0], rows: AsyncIterable<Row>) =>
  parse((await buffer(csvStream(columns, rows))).toString("utf8"), { bom: true, columns: true }) as Record<
    string,
    string
  >[];

const TODAY = "2026-12-03";
const ALL = { q: "", status: "", clientId: "" } as const;

describe("proposals as CSV", () => {
  test("one row per proposal at its latest version, and one per line of that version", async () => {
    const client = await makeClient({ name: "Export Academy" });
    const buyer = await portalContact(client.id, "Eve Export");
    const { id: sentId } = await createProposal({
      clientId: client.id,
      title: "Export trail",
      validUntil: "2099-01-31",
      userId: null,
    });
    const sent = await reviseAndSend(sentId, [buyer.id], sampleContent());
    // Accepted in the portal: the acceptance's time is the proposal's accepted date.
    const acceptedAt = new Date("2099-01-05T10:00:00.000Z");
    await db()
      .insert(schema.proposalAcceptances)
      .values({
        proposalId: sentId,
        versionId: sent.versionId,
        outcome: "accepted",
        name: "Eve Export",
        email: "eve@school.test",
        typedName: "Eve Export",
        consent: true,
        totalAccepted: 1_500_000,
        contentSha256: "0".repeat(64),
        at: acceptedAt,
      });
    const { id: draftId } = await createProposal({ clientId: client.id, title: "Export draft", userId: null });
    await saveProposalLines(draftId, [
      proposalLine("d1", { name: "Wet-pour surfacing", unit: "m²", quantity: 12_500, unitPrice: 4_999 }),
      proposalLine("d2", { name: "=cmd()", discount: { kind: "percent", rate: 10_000 }, optional: true }),
    ]);

    const proposals = await read(PROPOSAL_CSV, exportProposals({ ...ALL, q: "Export" }, TODAY));
    expect(proposals).toEqual([
      expect.objectContaining({
        Title: "Export draft",
        Client: "Export Academy",
        Status: "Draft",
        "Latest Version": "1",
        "Latest Version Sent": "no",
        Currency: "USD",
        // 12.5 × 49.99 = 624.875 → 624.88, + 20 % = 749.86 (the optional line is not counted).
        Total: "749.86",
        Lines: "2",
        "Valid Until": "",
        "Sent At": "",
        "Accepted At": "",
      }),
      expect.objectContaining({
        Title: "Export trail",
        Status: "Sent",
        "Latest Version": "1",
        "Latest Version Sent": "yes",
        Total: "15000.00",
        "Total With Optional": "17160.00",
        "Valid Until": "2099-01-31",
        "Accepted At": acceptedAt.toISOString(),
      }),
    ]);
    expect(proposals[1]!["Sent At"]).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const lines = await read(PROPOSAL_LINE_CSV, exportProposalLines({ ...ALL, q: "Export draft" }, TODAY));
    expect(lines).toEqual([
      {
        Proposal: "Export draft",
        Client: "Export Academy",
        Version: "1",
        Section: "Play equipment",
        Line: "Wet-pour surfacing",
        Description: "",
        Quantity: "12.5",
        Unit: "m²",
        "Unit Price": "49.99",
        Discount: "",
        "Tax Rate": "20",
        Optional: "no",
        Net: "624.88",
        Tax: "124.98",
        Total: "749.86",
        Currency: "USD",
      },
      expect.objectContaining({
        Line: "'=cmd()",
        Quantity: "1",
        Discount: "10%",
        Optional: "yes",
        Net: "1250.00",
        Tax: "225.00",
        Total: "1350.00",
      }),
    ]);
  });

  test("the list's status and client filters choose the proposals and their lines", async () => {
    const mine = await makeClient({ name: "Filter Mine" });
    const other = await makeClient({ name: "Filter Other" });
    for (const client of [mine, other]) {
      const { id } = await createProposal({ clientId: client.id, title: `Filtered ${client.name}`, userId: null });
      await saveProposalLines(id, [proposalLine("f1")]);
    }
    const query = { q: "Filtered", status: "draft", clientId: mine.id } as const;
    expect((await read(PROPOSAL_CSV, exportProposals(query, TODAY))).map((r) => r.Title)).toEqual([
      "Filtered Filter Mine",
    ]);
    expect((await read(PROPOSAL_LINE_CSV, exportProposalLines(query, TODAY))).map((r) => r.Proposal)).toEqual([
      "Filtered Filter Mine",
    ]);
    expect(await read(PROPOSAL_CSV, exportProposals({ ...query, status: "sent" }, TODAY))).toEqual([]);
  });
});
