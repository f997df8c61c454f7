// Proposals in every status (data/proposals.json) through the product's own paths: staff type them into
// the editor's form and send them, buyers answer in the portal, a template is saved and used. The bench's
// 200-line proposal is made by the same code.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { withHistoryScope } from "~/.server/db/history-scope";
import { schema } from "~/.server/db";
import { findPortalContact, invitePortalContact } from "~/domain/contacts/portal-access.server";
import { localToday } from "~/domain/contracts/rules";
import type { SignerContext } from "~/domain/contracts/signing/signing.server";
import { acceptProposal, declineProposal, requestProposalChanges } from "~/domain/proposal-portal/answers.server";
import { recordProposalView } from "~/domain/proposal-portal/portal-proposals.server";
import { type EditorLine, postedValues, proposalEditorSchema } from "~/domain/proposals/editor";
import * as proposals from "~/domain/proposals/proposals.server";
import { saveAsTemplate } from "~/domain/proposals/templates.server";
import { replyToThread } from "~/domain/proposals/thread.server";
import { priceProposal } from "~/domain/proposals/totals";
import { daysAgo, type Demo, json } from "../lib";

/** A line as staff type it into the editor (numbers the company's way); a line naming an option is the catalogue's. */
export type LineData = Partial<Omit<EditorLine, "id" | "sectionId" | "optionId">> &
  Pick<EditorLine, "quantity" | "unitPrice" | "taxRate"> & { option?: string };

export interface ProposalsData {
  lines: Record<string, LineData>;
  sections: Record<string, string>;
  terms: string;
  template?: { name: string; from: string };
  proposals: {
    title: string;
    client: string;
    /** The inquiry it starts from, by the asker's name. */
    inquiry?: string;
    validInDays: number;
    introduction?: string;
    /** Start from the template. */
    template?: boolean;
    /** The cover: its first catalogue line's picture, captioned. */
    cover?: string;
    /** Each version: the lines of each section, by key ("a~2": line a, changed). */
    versions?: Record<string, string[]>[];
    /** In order: send version n, the buyer views, accepts (the optional lines ticked), declines, asks; staff reply, withdraw. */
    steps: Partial<Record<"send" | "view" | "accept" | "decline" | "changes" | "reply" | "withdraw", unknown>>[];
  }[];
}

/** A client's buyer: its contact first by name (the same on every run), given portal access. */
async function buyerOf({ db, owner }: Demo, clientName: string): Promise<SignerContext> {
  const [contact] = await db
    .select({ id: schema.contacts.id })
    .from(schema.contacts)
    .innerJoin(schema.clients, eq(schema.clients.id, schema.contacts.clientId))
    .where(eq(schema.clients.name, clientName))
    .orderBy(schema.contacts.name, schema.contacts.id)
    .limit(1);
  const { email } = await invitePortalContact(contact!.id, owner);
  const [account] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  const userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";
  const portal = { contact: (await findPortalContact(account!.id))!, userId: account!.id, ip: "198.51.100.24" };
  return { ...portal, userAgent, codeSignIn: { email, mailedAt: new Date() } };
}

/** Makes each proposal of `data` as staff; answers each one's id and its buyer's address, by title. */
export function seedProposals(demo: Demo, data: ProposalsData): Promise<Map<string, { id: string; buyer: string }>> {
  return withHistoryScope(demo.owner, () => seedAsStaff(demo, data));
}

async function seedAsStaff(demo: Demo, data: ProposalsData) {
  const { db, owner } = demo;
  const staff = { id: owner.id, name: owner.name };
  const editorSchema = proposalEditorSchema(await proposals.companyMoney());
  const options = new Map((await db.select().from(schema.playgroundOptions)).map((o) => [o.optionName, o]));
  const sectionIds = Object.fromEntries(Object.keys(data.sections).map((key) => [key, randomUUID()]));
  const made = new Map<string, { id: string; buyer: string }>();
  const buyers = new Map<string, SignerContext>();
  let templateId: string | null = null;
  for (const p of data.proposals) {
    const [today, validUntil] = [localToday(), localToday(daysAgo(-p.validInDays))];
    const buyer = buyers.get(p.client) ?? (await buyerOf(demo, p.client));
    buyers.set(p.client, buyer);
    const asBuyer = <T>(answer: () => Promise<T>) =>
      withHistoryScope({ id: buyer.userId, name: buyer.contact.name }, answer);
    const clientId = buyer.contact.clientId;
    const [inquiry] = p.inquiry
      ? await db.select({ id: schema.inquiries.id }).from(schema.inquiries).where(eq(schema.inquiries.name, p.inquiry))
      : [];
    const { id } = await proposals.createProposal({
      ...{ clientId, title: p.title, validUntil, userId: owner.id },
      ...{ inquiryId: inquiry?.id ?? null, templateId: p.template ? templateId : null },
    });
    made.set(p.title, { id, buyer: buyer.contact.email });
    /** The proposal and its latest version's content, as the editor opens them. */
    const editing = () => proposals.getDraftForEdit(id, today).then((found) => found!);
    const lineIds = new Map<string, string>();
    /** Types the data's version `index` into the editor and saves it (after a sent one, as the next version). */
    const saveVersion = async (index: number, design?: proposals.DraftContent["design"]) => {
      const lines = Object.entries(p.versions![index]!).flatMap(([section, keys]) =>
        keys.map((key): EditorLine => {
          const { option: optionName, ...typed } = data.lines[key]!;
          const option = optionName ? options.get(optionName)! : null;
          const same = key.split("~")[0]!; // "a~2" is line "a" changed
          return {
            ...{ unit: "", discountKind: "none", discount: "", optional: false, ...typed },
            ...{ id: lineIds.get(same) ?? lineIds.set(same, randomUUID()).get(same)!, sectionId: sectionIds[section]! },
            ...{ optionId: option?.id ?? "", name: option?.optionName ?? typed.name! },
            description: option?.description ?? typed.description ?? "",
          };
        }),
      );
      const used = new Set(lines.map((line) => line.sectionId));
      const sections = Object.entries(data.sections)
        .filter(([key]) => used.has(sectionIds[key]!))
        .map(([key, title]) => ({ id: sectionIds[key]!, title, description: "" }));
      const { proposal } = await editing();
      const head = { title: p.title, validUntil, projectId: "", introduction: p.introduction ?? "" };
      const posted = postedValues({ head: { ...head, terms: data.terms, version: proposal.version }, sections, lines });
      const { version, ...values } = editorSchema.parse(posted);
      await proposals.saveDraft({ id, version, values: { ...values, design }, userId: owner.id });
      const picture = p.cover && !design ? (await editing()).content.lines.find((line) => line.picture)?.picture : null;
      if (picture) await saveVersion(index, [{ ...picture, caption: p.cover! }]);
    };
    let seenVersion = 1;
    for (const step of p.steps) {
      if ("send" in step) {
        await saveVersion(step.send as number);
        // A proposal past its valid-until date was sent while it was still open.
        const [sentOn, { version }] = [validUntil < today ? validUntil : today, (await editing()).proposal];
        const contactIds = [buyer.contact.contactId];
        const sent = await proposals.sendProposal({ id, version, contactIds, sender: staff, today: sentOn });
        seenVersion = sent.number;
      } else if ("view" in step) {
        await asBuyer(() => recordProposalView(clientId, id, { ...buyer.contact, ...buyer }));
      } else if ("accept" in step) {
        // The latest version is the one the buyer was sent.
        const { lines } = (await editing()).content;
        const ticked = lines.filter((line) => line.optional && (step.accept as string[]).includes(line.name));
        const chosenLineIds = ticked.map((line) => line.id);
        const seenTotal = priceProposal(lines, chosenLineIds).totals.gross;
        const accepted = { typedName: buyer.contact.name, chosenLineIds, seenVersion, seenTotal };
        await asBuyer(() => acceptProposal(clientId, id, buyer, accepted));
      } else if ("decline" in step) {
        await asBuyer(() => declineProposal(clientId, id, buyer, { reason: step.decline as string, seenVersion }));
      } else if ("changes" in step) {
        const changes = { comment: step.changes as string, seenVersion };
        await asBuyer(() => requestProposalChanges(clientId, id, buyer, changes));
      } else if ("reply" in step) {
        await replyToThread({ proposalId: id, body: step.reply as string, user: staff });
      } else {
        await proposals.withdrawProposal(id, (await editing()).proposal.version);
      }
    }
    if (data.template && p.title === data.template.from) {
      const [first] = (await editing()).proposal.versions;
      ({ id: templateId } = await saveAsTemplate({ versionId: first!.id, name: data.template.name, userId: owner.id }));
    }
  }
  return made;
}

export default async function demoProposals(demo: Demo): Promise<void> {
  await seedProposals(demo, json("proposals.json"));
}
