// A proposal's changes thread (proposal_comments): the buyer's comments,
// written by the client portal, and the staff's replies, written here.
import { asc, desc, eq } from "drizzle-orm";
import { withActor } from "~/.server/db/history-scope";
import { db, schema } from "~/.server/db";
import { NotFoundError } from "../errors";

const { proposalComments, proposalVersions, proposals } = schema;

/** The thread, oldest first, each comment with the number of the version it was written on. */
export async function listComments(proposalId: string) {
  return db()
    .select({
      id: proposalComments.id,
      author: proposalComments.author,
      name: proposalComments.name,
      body: proposalComments.body,
      requestsChanges: proposalComments.requestsChanges,
      at: proposalComments.at,
      versionNumber: proposalVersions.number,
    })
    .from(proposalComments)
    .leftJoin(proposalVersions, eq(proposalVersions.id, proposalComments.versionId))
    .where(eq(proposalComments.proposalId, proposalId))
    .orderBy(asc(proposalComments.at), asc(proposalComments.id));
}

/** A staff reply, on the latest version (the one the buyer reads or will). */
export async function replyToThread(input: {
  proposalId: string;
  body: string;
  user: { id: string | null; name: string };
}): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    const [proposal] = await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, input.proposalId));
    if (!proposal) throw new NotFoundError("This proposal no longer exists.");
    const [latest] = await tx
      .select({ id: proposalVersions.id })
      .from(proposalVersions)
      .where(eq(proposalVersions.proposalId, input.proposalId))
      .orderBy(desc(proposalVersions.number))
      .limit(1);
    await tx.insert(proposalComments).values({
      proposalId: input.proposalId,
      versionId: latest?.id ?? null,
      author: "staff",
      userId: input.user.id,
      name: input.user.name,
      body: input.body,
    });
  });
}
