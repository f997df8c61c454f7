// Proposals in every status (data/proposals.json), through the product's own
// paths: staff create, save and send them (the catalogue's lines copy the
// option's name, description and picture), the client's contacts get portal
// access and answer in the portal as a buyer does (view, accept with an option
// ticked, decline, ask for changes, answered in the thread), staff send a second
// version and withdraw one; a template is saved from a sent one and a draft
// started from it. Accepting makes the draft contract and wins the inquiry.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { withHistoryScope } from "~/.server/db/history-scope";
import { schema } from "~/.server/db";
import { findPortalContact, invitePortalContact } from "~/domain/contacts/portal-access.server";
import { localToday } from "~/domain/contracts/rules";
import type { SignerContext } from "~/domain/contracts/signing/signing.server";
import { acceptProposal, declineProposal, requestProposalChanges } from "~/domain/proposal-portal/answers.server";
import { recordProposalView } from "~/domain/proposal-portal/portal-proposals.server";
import type { DraftContent } from "~/domain/proposals/proposals.server";
import { currencyDigits } from "~/domain/proposals/money";
import {
  companyMoney,
  createProposal,
  getProposal,
  saveDraft,
  sendProposal,
  withdrawProposal,
} from "~/domain/proposals/proposals.server";
import { saveAsTemplate } from "~/domain/proposals/templates.server";
import { replyToThread } from "~/domain/proposals/thread.server";
import { priceProposal } from "~/domain/proposals/totals";
import { daysAgo, type Demo } from "../lib";

/** A line as the data writes it: pounds, units, percent; a line naming an option is the catalogue's. */
interface LineData {
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

type Step =
  | { send: number }
  | { view: true }
  | { accept: string[] }
  | { decline: string }
  | { changes: string }
  | { reply: string }
  | { withdraw: true };

interface ProposalData {
  title: string;
  client: string;
  inquiry?: string;
  validInDays: number;
  introduction?: string;
  /** Start from the template. */
  template?: boolean;
  /** Each version: the lines of each section, by key. */
  versions?: Record<string, string[]>[];
  steps: Step[];
}

interface Data {
  lines: Record<string, LineData>;
  sections: Record<string, string>;
  terms: string;
  template: { name: string; from: string };
  proposals: ProposalData[];
}

const DATA: Data = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../data/proposals.json"), "utf8"));

/** A buyer: the client's contact first by name (the same on every run), given portal access, as the portal's session knows them. */
async function buyerOf(demo: Demo, clientName: string): Promise<SignerContext> {
  const [contact] = await demo.db
    .select({ id: schema.contacts.id })
    .from(schema.contacts)
    .innerJoin(schema.clients, eq(schema.clients.id, schema.contacts.clientId))
    .where(eq(schema.clients.name, clientName))
    .orderBy(schema.contacts.name, schema.contacts.id)
    .limit(1);
  await invitePortalContact(contact!.id, demo.owner);
  const [row] = await demo.db
    .select({ userId: schema.contacts.userId })
    .from(schema.contacts)
    .where(eq(schema.contacts.id, contact!.id));
  const portal = (await findPortalContact(row!.userId!))!;
  return {
    contact: portal,
    userId: row!.userId!,
    ip: "198.51.100.24",
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
    codeSignIn: { email: portal.email, mailedAt: new Date() },
  };
}

export default async function seedProposals(demo: Demo): Promise<void> {
  const { db, owner } = demo;
  const staff = { id: owner.id, name: owner.name };
  const { currency } = await companyMoney();
  const minor = (amount: number) => Math.round(amount * 10 ** currencyDigits(currency));
  const thousandths = (value: number) => Math.round(value * 1000);
  const options = new Map(
    (await db.select().from(schema.playgroundOptions)).map((option) => [option.optionName, option]),
  );
  const sectionIds = Object.fromEntries(Object.keys(DATA.sections).map((key) => [key, randomUUID()]));

  /** A version's lines, each key's line keeping its id (`ids`) from one version to the next. */
  function content(version: Record<string, string[]>, ids: Map<string, string>): DraftContent["lines"] {
    return Object.entries(version).flatMap(([section, keys]) =>
      keys.map((key) => {
        const line = DATA.lines[key]!;
        const option = line.option ? options.get(line.option)! : null;
        const discount = !line.discount
          ? null
          : "percent" in line.discount
            ? { kind: "percent" as const, rate: thousandths(line.discount.percent) }
            : { kind: "amount" as const, amount: minor(line.discount.amount) };
        return {
          id: ids.get(key) ?? ids.set(key, randomUUID()).get(key)!,
          sectionId: sectionIds[section]!,
          optionId: option?.id ?? null,
          name: option?.optionName ?? line.name!,
          description: option?.description ?? line.description ?? null,
          unit: line.unit ?? null,
          quantity: thousandths(line.quantity),
          unitPrice: minor(line.unitPrice),
          discount,
          taxRate: thousandths(line.taxRate),
          optional: line.optional ?? false,
        };
      }),
    );
  }

  const buyers = new Map<string, SignerContext>();
  let templateId: string | null = null;
  for (const data of DATA.proposals) {
    const today = localToday();
    const validUntil = localToday(daysAgo(-data.validInDays));
    const buyer = buyers.get(data.client) ?? (await buyerOf(demo, data.client));
    buyers.set(data.client, buyer);
    const asBuyer = { id: buyer.userId, name: buyer.contact.name };
    const clientId = buyer.contact.clientId;
    const [inquiry] = data.inquiry
      ? await db
          .select({ id: schema.inquiries.id })
          .from(schema.inquiries)
          .where(eq(schema.inquiries.name, data.inquiry))
      : [];
    const { id } = await withHistoryScope(staff, () =>
      createProposal({
        clientId,
        title: data.title,
        inquiryId: inquiry?.id ?? null,
        validUntil,
        templateId: data.template ? templateId : null,
        userId: owner.id,
      }),
    );
    const lineIds = new Map<string, string>();
    /** Saves the data's version `index` as the draft (after a sent one, the next version). */
    const saveVersion = async (index: number) => {
      const proposal = (await getProposal(id, today))!;
      const lines = content(data.versions![index]!, lineIds);
      const used = new Set(lines.map((line) => line.sectionId));
      await withHistoryScope(staff, () =>
        saveDraft({
          id,
          version: proposal.version,
          values: {
            title: data.title,
            validUntil,
            projectId: null,
            introduction: data.introduction ?? null,
            terms: DATA.terms,
            sections: Object.entries(DATA.sections)
              .filter(([key]) => used.has(sectionIds[key]!))
              .map(([key, title]) => ({ id: sectionIds[key]!, title, description: null })),
            lines,
          },
          userId: owner.id,
        }),
      );
    };
    const answer = { seenVersion: 1 };
    for (const step of data.steps) {
      const proposal = (await getProposal(id, today))!;
      if ("send" in step) {
        await saveVersion(step.send);
        // A proposal past its valid-until date was sent while it was still open.
        const sentOn = validUntil < today ? validUntil : today;
        const latest = (await getProposal(id, today))!;
        const { number } = await withHistoryScope(staff, () =>
          sendProposal({
            id,
            version: latest.version,
            contactIds: [buyer.contact.contactId],
            sender: staff,
            today: sentOn,
          }),
        );
        answer.seenVersion = number;
      } else if ("view" in step) {
        await withHistoryScope(asBuyer, () =>
          recordProposalView(clientId, id, {
            ...buyer.contact,
            userId: buyer.userId,
            ip: buyer.ip,
            userAgent: buyer.userAgent,
          }),
        );
      } else if ("accept" in step) {
        const [version] = await db
          .select({ content: schema.proposalVersions.content })
          .from(schema.proposalVersions)
          .where(
            and(eq(schema.proposalVersions.proposalId, id), eq(schema.proposalVersions.number, answer.seenVersion)),
          );
        const lines = (version!.content as { lines: DraftContent["lines"] }).lines;
        const chosen = lines.filter((line) => line.optional && step.accept.includes(line.name)).map((line) => line.id);
        await withHistoryScope(asBuyer, () =>
          acceptProposal(clientId, id, buyer, {
            typedName: buyer.contact.name,
            chosenLineIds: chosen,
            seenVersion: answer.seenVersion,
            seenTotal: priceProposal(lines, chosen).totals.gross,
          }),
        );
      } else if ("decline" in step) {
        await withHistoryScope(asBuyer, () =>
          declineProposal(clientId, id, buyer, { reason: step.decline, seenVersion: answer.seenVersion }),
        );
      } else if ("changes" in step) {
        await withHistoryScope(asBuyer, () =>
          requestProposalChanges(clientId, id, buyer, { comment: step.changes, seenVersion: answer.seenVersion }),
        );
      } else if ("reply" in step) {
        await withHistoryScope(staff, () => replyToThread({ proposalId: id, body: step.reply, user: staff }));
      } else {
        await withHistoryScope(staff, () => withdrawProposal(id, proposal.version));
      }
    }
    if (data.title === DATA.template.from) {
      const { versions } = (await getProposal(id, today))!;
      ({ id: templateId } = await withHistoryScope(staff, () =>
        saveAsTemplate({ versionId: versions[0]!.id, name: DATA.template.name, userId: owner.id }),
      ));
    }
  }
}
