// Contracts: the list (search, status filter, pages, newest first), the form
// (status rules, the signed document claimed in the same transaction), the
// project page's list, and deletion (the document's file goes after the commit).
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { containsText } from "~/.server/db/text-search";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import { PAGE_SIZE, pageOf, type Paginated } from "~/lib/pagination";
import { InUseError, InvalidInputError, NotFoundError } from "../errors";
import { documentFixedReason } from "./document";
import { claimContractDocument, discardContractDocument, type ClaimedDocument } from "./documents.server";
import { applyContractRules, localToday } from "./rules";
import { effectiveStatus } from "./status.server";
import {
  FORM_STATUSES,
  type ContractFormValues,
  type ContractListQuery,
  type ContractStatus,
  type FormStatus,
} from "./schema";

const { contracts, projects, clients } = schema;

export interface ContractListRow {
  id: string;
  title: string | null;
  status: ContractStatus;
  dateSent: string | null;
  dateSigned: string | null;
  projectId: string;
  projectTitle: string;
  clientName: string;
  documentName: string | null;
  /** The portal's signing: when it was first viewed, declined, signed (ISO times), if it was. */
  viewedAt: string | null;
  declinedAt: string | null;
  signedAt: string | null;
}

/** Sealed in the portal (its signed copy exists). */
const sealedSql = sql<boolean>`${contracts.signedDocumentKey} is not null`;
/** Out for signature in the portal: sent or viewed, with recipients. */
const inSigningSql = sql<boolean>`${contracts.status} in ('sent', 'viewed') and exists (select 1 from contract_recipients r where r.contract_id = ${contracts.id})`;

/** What documentFixedReason() reads of a saved contract, as the columns of a select. */
const documentState = { status: contracts.status, sealed: sealedSql, inSigning: inSigningSql };

/**
 * Refuses, with documentFixedReason()'s words, a write that would replace or
 * remove the document of any of these contracts while it is fixed (signed,
 * sealed, out for signature): the form's rule, for the other paths that write
 * a contract's document (the history's reverts). Locks the rows, as the form does.
 */
export async function assertDocumentsMayChange(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.select(documentState).from(contracts).where(inArray(contracts.id, ids)).for("update");
  for (const row of rows) {
    const fixed = documentFixedReason(row);
    if (fixed) throw new InvalidInputError(fixed, "document");
  }
}

const lastEvent = (type: string) =>
  sql<
    string | null
  >`(select to_char(max(e.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from contract_events e where e.contract_id = ${contracts.id} and e.type = ${type})`;

export function contractFilters(query: ContractListQuery): SQL | undefined {
  // and() leaves out the filters not asked for (undefined), and is undefined with none.
  return and(
    containsText(query.q, [projects.title, clients.name, contracts.title]),
    query.status ? eq(contracts.status, query.status) : undefined,
  );
}

/** One page of contracts, newest first, with project title and client name, in one round trip. */
export async function listContracts(query: ContractListQuery & { page: number }): Promise<Paginated<ContractListRow>> {
  const rows = await db()
    .select({
      id: contracts.id,
      title: contracts.title,
      status: effectiveStatus(localToday()),
      dateSent: contracts.dateSent,
      dateSigned: contracts.dateSigned,
      projectId: contracts.projectId,
      projectTitle: projects.title,
      clientName: clients.name,
      documentName: contracts.documentName,
      viewedAt: lastEvent("viewed"),
      declinedAt: lastEvent("declined"),
      signedAt: lastEvent("signed"),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(contractFilters(query))
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return pageOf(rows, query.page, () => countContracts(query));
}

async function countContracts(query: ContractListQuery): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(contractFilters(query));
  return row?.n ?? 0;
}

/** Everything the edit form shows, or null when the contract does not exist. */
export async function getContractForEdit(id: string) {
  const [row] = await db()
    .select({
      id: contracts.id,
      projectId: contracts.projectId,
      title: contracts.title,
      dateSent: contracts.dateSent,
      dateSigned: contracts.dateSigned,
      notes: contracts.notes,
      documentName: contracts.documentName,
      documentBytes: contracts.documentBytes,
      hasDocument: sql<boolean>`${contracts.documentKey} is not null`,
      ...documentState,
      updatedAt: contracts.updatedAt,
    })
    .from(contracts)
    .where(eq(contracts.id, id));
  if (!row) return null;
  const { hasDocument, documentName, documentBytes, sealed, inSigning, ...contract } = withVersion(row);
  return {
    ...contract,
    document: hasDocument ? { name: documentName ?? "contract.pdf", bytes: documentBytes } : null,
    /** Why its document cannot change now (saveContract's rule), or null. */
    documentFixed: documentFixedReason({ status: contract.status, sealed, inSigning }),
  };
}

export type ContractForEdit = NonNullable<Awaited<ReturnType<typeof getContractForEdit>>>;

/** Every project with its client, for the form's project picker. */
export async function listProjectChoices() {
  return db()
    .select({ id: projects.id, title: projects.title, clientName: clients.name })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .orderBy(asc(projects.title), asc(projects.id));
}

/** One project's contracts, newest first (the project's edit page). */
export async function listProjectContracts(projectId: string) {
  return db()
    .select({
      id: contracts.id,
      title: contracts.title,
      status: contracts.status,
      dateSent: contracts.dateSent,
      dateSigned: contracts.dateSigned,
      hasDocument: sql<boolean>`${contracts.documentKey} is not null`,
    })
    .from(contracts)
    .where(eq(contracts.projectId, projectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
}

export type ProjectContract = Awaited<ReturnType<typeof listProjectContracts>>[number];

/**
 * Creates (no id) or updates a contract: the status rules, the row and its
 * document in one transaction. A replaced or removed document's file goes
 * after the commit. `today` is for tests; it defaults to the server's date.
 */
export async function saveContract(input: {
  id?: string;
  values: ContractFormValues;
  userId: string;
  today?: string;
}): Promise<{ id: string }> {
  const { values } = input;
  try {
    const { id, discard } = await db().transaction(async (tx) => {
      await withActor(tx);
      let before: ContractBefore | undefined;
      if (input.id) {
        [before] = await tx
          .select({
            ...documentState,
            documentKey: contracts.documentKey,
            projectId: contracts.projectId,
            dateSent: contracts.dateSent,
            dateSigned: contracts.dateSigned,
          })
          .from(contracts)
          .where(eq(contracts.id, input.id))
          .for("update");
        if (!before) throw new NotFoundError("This contract no longer exists.");
        if (!values.version) throw new InvalidInputError("This form is out of date: reload the page.");
      }
      const changesDocument = Boolean(values.documentUploadId || values.removeDocument);
      const locked = Boolean(before?.sealed || before?.inSigning);
      const fixed = before ? documentFixedReason(before) : null;
      if (fixed && changesDocument) throw new InvalidInputError(fixed, "document");
      // Out for signature in the portal, or signed there: status, dates and project follow the signing only.
      const dates = locked
        ? {
            status: before!.status,
            dateSent: before!.dateSent,
            dateSigned: before!.dateSigned,
            projectId: before!.projectId,
          }
        : { ...statusAndDates(values, before ?? null, input.today ?? localToday()), projectId: values.projectId };

      let document: ClaimedDocument | { documentKey: null; documentName: null; documentBytes: null } | undefined;
      if (values.documentUploadId) document = await claimContractDocument(tx, values.documentUploadId);
      else if (values.removeDocument) document = { documentKey: null, documentName: null, documentBytes: null };

      const fields = { title: values.title, notes: values.notes, ...dates, ...document };
      if (input.id) {
        await updateIfUnchanged(tx, contracts, input.id, values.version!, fields, "contract");
        const replaced = document && before?.documentKey ? before.documentKey : null;
        return { id: input.id, discard: replaced };
      }
      const created = await insertContract(tx, { ...fields, createdBy: input.userId });
      return { id: created.id, discard: null };
    });
    if (discard) await discardContractDocument(discard);
    return { id };
  } catch (error) {
    if (isForeignKeyViolation(error, "contracts_project_id_projects_id_fk")) {
      throw new InvalidInputError("This project no longer exists: pick another.", "projectId");
    }
    throw error;
  }
}

/** A new contract's row, in the caller's transaction: the form's save, and what an accepted proposal makes. */
export async function insertContract(tx: Tx, values: typeof contracts.$inferInsert): Promise<{ id: string }> {
  const [created] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
  return created!;
}

/**
 * A draft contract with its document already stored (an accepted proposal's
 * sealed PDF), in the caller's transaction: ready for staff to send for signature.
 */
export async function createDraftContract(
  tx: Tx,
  input: {
    projectId: string;
    title: string;
    notes: string | null;
    document: ClaimedDocument;
    userId: string | null;
  },
): Promise<{ id: string }> {
  return insertContract(tx, {
    projectId: input.projectId,
    title: input.title,
    notes: input.notes,
    status: "draft",
    ...input.document,
    createdBy: input.userId,
  });
}

interface ContractBefore {
  status: ContractStatus;
  documentKey: string | null;
  projectId: string;
  dateSent: string | null;
  dateSigned: string | null;
  sealed: boolean;
  inSigning: boolean;
}

/**
 * The status and dates from the form by the contract rules. A status of the
 * portal's signing (declined, voided, expired…) may only stay as it was: a
 * contract moves into those by signing steps, never by the form.
 */
function statusAndDates(values: ContractFormValues, before: ContractBefore | null, today: string) {
  if (!(FORM_STATUSES as readonly string[]).includes(values.status)) {
    if (before?.status !== values.status) throw new InvalidInputError("Choose draft, sent or signed", "status");
    return { status: before.status, dateSent: before.dateSent, dateSigned: before.dateSigned };
  }
  return applyContractRules({ ...values, status: values.status as FormStatus }, before, today);
}

/** What a contract is called in messages: its title, or the project's. */
function contractName(title: string | null, projectTitle: string): string {
  return title ?? `${projectTitle} contract`;
}

/** Deletes a contract; its document's file goes once the row is gone. */
export async function deleteContract(id: string): Promise<{ name: string }> {
  const deleted = await db().transaction(async (tx) => {
    await withActor(tx);
    const [contract] = await tx
      .select({
        title: contracts.title,
        projectTitle: projects.title,
        documentKey: contracts.documentKey,
        sealed: sql<boolean>`${contracts.signedDocumentKey} is not null`,
      })
      .from(contracts)
      .innerJoin(projects, eq(projects.id, contracts.projectId))
      .where(eq(contracts.id, id))
      .for("update", { of: contracts });
    if (!contract) throw new NotFoundError("This contract no longer exists.");
    // The signed record and its certificate are the company's evidence of the agreement.
    if (contract.sealed) throw new InUseError("A contract signed in the client portal is kept: it cannot be deleted.");
    await tx.delete(contracts).where(eq(contracts.id, id));
    return contract;
  });
  if (deleted.documentKey) await discardContractDocument(deleted.documentKey);
  return { name: contractName(deleted.title, deleted.projectTitle) };
}
