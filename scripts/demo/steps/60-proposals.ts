// Proposals in every status (data/proposals.json), through the product's own
// paths: staff create, save and send them (the catalogue's lines copy the
// option's name, description and picture), the client's contacts get portal
// access and answer in the portal as a buyer does (view, accept with an option
// ticked, decline, ask for changes, answered in the thread), staff send a second
// version and withdraw one; a template is saved from a sent one and a draft
// started from it. Accepting makes the draft contract and wins the inquiry.
// The bench's 200-line proposal is made by the same code from data of its own.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { withHistoryScope } from "~/.server/db/history-scope";
import { schema } from "~/.server/db";
import { findPortalContact, invitePortalContact } from "~/domain/contacts/portal-access.server";
import { localToday } from "~/domain/contracts/rules";
import type { SignerContext } from "~/domain/contracts/signing/signing.server";
import { acceptProposal, declineProposal, requestProposalChanges } from "~/domain/proposal-portal/answers.server";
import { recordProposalView } from "~/domain/proposal-portal/portal-proposals.server";
import { readContent } from "~/domain/proposals/content";
import { currencyDigits } from "~/domain/proposals/money";
import * as proposals from "~/domain/proposals/proposals.server";
import { saveAsTemplate } from "~/domain/proposals/templates.server";
import { replyToThread } from "~/domain/proposals/thread.server";
import { priceProposal } from "~/domain/proposals/totals";
import { daysAgo, type Demo, json } from "../lib";

/** A line as the data writes it: pounds, units, percent; a line naming an option is the catalogue's. */
export interface LineData {
  option?: string;
  name?: string;
  description?: string;
  unit?: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  discount?: { percent: number } | { amount: number };
  optional?: boolean;
}

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
  await invitePortalContact(contact!.id, owner);
  const [{ userId }] = (await db
    .select({ userId: schema.contacts.userId })
    .from(schema.contacts)
    .where(eq(schema.contacts.id, contact!.id))) as [{ userId: string }];
  const ip = "198.51.100.24";
  const userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1";
  const portal = (await findPortalContact(userId))!;
  return { contact: portal, userId, ip, userAgent, codeSignIn: { email: portal.email, mailedAt: new Date() } };
}

/** Makes each proposal of `data`; answers each one's id and its buyer's address, by title. */
export async function seedProposals(
  demo: Demo,
  data: ProposalsData,
): Promise<Map<string, { id: string; buyer: string }>> {
  const { db, owner } = demo;
  const staff = { id: owner.id, name: owner.name };
  const { currency } = await proposals.companyMoney();
  const minor = (amount: number) => Math.round(amount * 10 ** currencyDigits(currency));
  const thousandths = (value: number) => Math.round(value * 1000);
  const options = new Map((await db.select().from(schema.playgroundOptions)).map((o) => [o.optionName, o]));
  const sectionIds = Object.fromEntries(Object.keys(data.sections).map((key) => [key, randomUUID()]));
  const made = new Map<string, { id: string; buyer: string }>();
  const buyers = new Map<string, SignerContext>();
  let templateId: string | null = null;
  for (const p of data.proposals) {
    const [today, validUntil] = [localToday(), localToday(daysAgo(-p.validInDays))];
    const buyer = buyers.get(p.client) ?? (await buyerOf(demo, p.client));
    buyers.set(p.client, buyer);
    const asBuyer = { id: buyer.userId, name: buyer.contact.name };
    const clientId = buyer.contact.clientId;
    const [inquiry] = p.inquiry
      ? await db.select({ id: schema.inquiries.id }).from(schema.inquiries).where(eq(schema.inquiries.name, p.inquiry))
      : [];
    const templated: string | null = p.template ? templateId : null;
    const { id } = await withHistoryScope(staff, () =>
      proposals.createProposal({
        ...{ clientId, title: p.title, validUntil },
        inquiryId: inquiry?.id ?? null,
        templateId: templated,
        userId: owner.id,
      }),
    );
    made.set(p.title, { id, buyer: buyer.contact.email });
    const lineIds = new Map<string, string>();
    const draft = () => proposals.getProposal(id, today).then((found) => found!);
    /** The draft's content, read back as the server stored it (the catalogue lines with their pictures). */
    const stored = async () => {
      const [row] = await db
        .select({ content: schema.proposalVersions.content })
        .from(schema.proposalVersions)
        .where(eq(schema.proposalVersions.proposalId, id))
        .orderBy(desc(schema.proposalVersions.number))
        .limit(1);
      return readContent(row!.content);
    };
    /** Saves the data's version `index` as the draft (after a sent one, the next version). */
    const saveVersion = async (index: number, design?: proposals.DraftContent["design"]) => {
      const lines = Object.entries(p.versions![index]!).flatMap(([section, keys]) =>
        keys.map((key) => {
          const line = data.lines[key]!;
          const option = line.option ? options.get(line.option)! : null;
          const discount = !line.discount
            ? null
            : "percent" in line.discount
              ? { kind: "percent" as const, rate: thousandths(line.discount.percent) }
              : { kind: "amount" as const, amount: minor(line.discount.amount) };
          const same = key.split("~")[0]!; // "a~2" is line "a" changed
          const lineId = lineIds.get(same) ?? lineIds.set(same, randomUUID()).get(same)!;
          return {
            ...{ id: lineId, sectionId: sectionIds[section]!, optionId: option?.id ?? null, discount },
            name: option?.optionName ?? line.name!,
            description: option?.description ?? line.description ?? null,
            ...{ unit: line.unit ?? null, quantity: thousandths(line.quantity), unitPrice: minor(line.unitPrice) },
            ...{ taxRate: thousandths(line.taxRate), optional: line.optional ?? false },
          };
        }),
      );
      const used = new Set(lines.map((line) => line.sectionId));
      const sections = Object.entries(data.sections)
        .filter(([key]) => used.has(sectionIds[key]!))
        .map(([key, title]) => ({ id: sectionIds[key]!, title, description: null }));
      const values = { title: p.title, validUntil, projectId: null, introduction: p.introduction ?? null };
      const content = { terms: data.terms, sections, lines, design };
      const { version } = await draft();
      await withHistoryScope(staff, () =>
        proposals.saveDraft({ id, version, values: { ...values, ...content }, userId: owner.id }),
      );
      const picture = p.cover && !design ? (await stored()).lines.find((line) => line.picture)?.picture : undefined;
      if (picture) await saveVersion(index, [{ ...picture, caption: p.cover! }]);
    };
    let seenVersion = 1;
    for (const step of p.steps) {
      if ("send" in step) {
        await saveVersion(step.send as number);
        // A proposal past its valid-until date was sent while it was still open.
        const [sentOn, { version }] = [validUntil < today ? validUntil : today, await draft()];
        const contactIds = [buyer.contact.contactId];
        ({ number: seenVersion } = await withHistoryScope(staff, () =>
          proposals.sendProposal({ id, version, contactIds, sender: staff, today: sentOn }),
        ));
      } else if ("view" in step) {
        const { ip, userAgent, userId } = buyer;
        await withHistoryScope(asBuyer, () =>
          recordProposalView(clientId, id, { ...buyer.contact, userId, ip, userAgent }),
        );
      } else if ("accept" in step) {
        const [version] = await db
          .select({ content: schema.proposalVersions.content })
          .from(schema.proposalVersions)
          .where(and(eq(schema.proposalVersions.proposalId, id), eq(schema.proposalVersions.number, seenVersion)));
        const { lines } = readContent(version!.content);
        const ticked = step.accept as string[];
        const chosenLineIds = lines
          .filter((line) => line.optional && ticked.includes(line.name))
          .map((line) => line.id);
        const seenTotal = priceProposal(lines, chosenLineIds).totals.gross;
        const typedName = buyer.contact.name;
        await withHistoryScope(asBuyer, () =>
          acceptProposal(clientId, id, buyer, { typedName, chosenLineIds, seenVersion, seenTotal }),
        );
      } else if ("decline" in step) {
        const reason = step.decline as string;
        await withHistoryScope(asBuyer, () => declineProposal(clientId, id, buyer, { reason, seenVersion }));
      } else if ("changes" in step) {
        const comment = step.changes as string;
        await withHistoryScope(asBuyer, () => requestProposalChanges(clientId, id, buyer, { comment, seenVersion }));
      } else if ("reply" in step) {
        const body = step.reply as string;
        await withHistoryScope(staff, () => replyToThread({ proposalId: id, body, user: staff }));
      } else {
        const { version } = await draft();
        await withHistoryScope(staff, () => proposals.withdrawProposal(id, version));
      }
    }
    if (data.template && p.title === data.template.from) {
      const [first] = (await draft()).versions;
      const name = data.template.name;
      const saved: { id: string } = await withHistoryScope(staff, () =>
        saveAsTemplate({ versionId: first!.id, name, userId: owner.id }),
      );
      templateId = saved.id;
    }
  }
  return made;
}

export default async function demoProposals(demo: Demo): Promise<void> {
  await seedProposals(demo, json("proposals.json"));
}
