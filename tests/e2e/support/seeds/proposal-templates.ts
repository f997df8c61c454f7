// The proposal of proposal-templates.spec on the shared server, which the spec saves as a template
// (and deletes again): a client's proposal with two lines and an introduction.
import { proposalContent, proposalLine } from "../../../helpers/proposal-content";
import type { Seed } from "../server";

const CLIENT = "c4122222-2222-4222-8222-222222222222";
export const PROPOSAL = "d4122222-2222-4222-8222-222222222222";

export const seedProposalTemplates: Seed = async ({ make, db }) => {
  await make.client({ id: CLIENT, name: "Birch Primary" });
  const content = proposalContent(
    [proposalLine("l1", { name: "Rope pyramid" }), proposalLine("l2", { name: "Shade sail" })],
    { introduction: "A trail of play around the back field." },
  );
  await db.query(`insert into proposals (id, client_id, title) values ($1, $2, 'Birch back field')`, [
    PROPOSAL,
    CLIENT,
  ]);
  await db.query(
    `insert into proposal_versions (proposal_id, number, content, currency, locale, total, total_with_optional, line_count)
       values ($1, 1, $2, 'USD', 'en-US', 300000, 300000, 2)`,
    [PROPOSAL, JSON.stringify(content)],
  );
};
