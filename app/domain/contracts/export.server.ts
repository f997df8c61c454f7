// Contracts as CSV (/admin/contracts/export): the list's search and status filter, all its rows, newest first.
import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";
import { contractFilters } from "./contracts.server";
import { localToday } from "./rules";
import { contractListQuerySchema, contractStatusLabel, type ContractListQuery } from "./schema";
import { effectiveStatus } from "./status.server";

const { clients, contracts, projects } = schema;

function readContracts(query: ContractListQuery, limit: number, offset: number) {
  return db()
    .select({
      title: contracts.title,
      project: projects.title,
      client: clients.name,
      status: effectiveStatus(localToday()),
      dateSent: contracts.dateSent,
      dateSigned: contracts.dateSigned,
      document: contracts.documentName,
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(contractFilters(query))
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof readContracts>>[number];

export const CONTRACT_CSV: CsvColumn<Row>[] = [
  { header: "Title", value: (r) => r.title },
  { header: "Project", value: (r) => r.project },
  { header: "Client", value: (r) => r.client },
  { header: "Status", value: (r) => contractStatusLabel(r.status) },
  { header: "Date Sent", value: (r) => r.dateSent },
  { header: "Date Signed", value: (r) => r.dateSigned },
  { header: "Document", value: (r) => r.document },
];

export function exportContracts(query: ContractListQuery) {
  return inChunks((limit, offset) => readContracts(query, limit, offset));
}

/** Export everything's contracts: all of them. */
export const CONTRACTS_FILE: ExportFile = {
  name: "contracts.csv",
  body: () => csvStream(CONTRACT_CSV, exportContracts(contractListQuerySchema.parse({}))),
};
