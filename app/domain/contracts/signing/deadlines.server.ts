// The clock of contracts out for signature (run every few minutes by the
// server): past its last day a contract expires; CONTRACT_REMINDER_DAYS after
// it was sent, its recipients get one reminder. Each contract is claimed by
// one UPDATE … RETURNING, so two instances never both act on it.
import { and, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { appOrigin } from "~/.server/env";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { productSettings } from "../../settings.server";
import { brandedMail } from "../../company/branded-mail.server";
import { localToday } from "../rules";
import { recordContractEvent } from "./events.server";

const { contracts, contractRecipients, projects } = schema;
const SYSTEM = { userId: null, name: "System", email: null, ip: null, userAgent: null };

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export async function runContractDeadlines(today = localToday()): Promise<{ expired: number; reminded: number }> {
  const expired = await db().transaction(async (tx) => {
    await withActor(tx);
    const rows = await tx
      .update(contracts)
      .set({ status: "expired" })
      .where(and(inArray(contracts.status, ["sent", "viewed"]), lt(contracts.expiresOn, today)))
      .returning({ id: contracts.id });
    for (const row of rows) await recordContractEvent(tx, row.id, "expired", SYSTEM);
    return rows.length;
  });

  const due = daysBefore(today, productSettings().CONTRACT_REMINDER_DAYS);
  const reminders = await db().transaction(async (tx) => {
    await withActor(tx);
    const rows = await tx
      .update(contracts)
      .set({ reminderSentAt: sql`now()` })
      .where(
        and(
          inArray(contracts.status, ["sent", "viewed"]),
          isNull(contracts.reminderSentAt),
          lte(contracts.dateSent, due),
        ),
      )
      .returning({
        id: contracts.id,
        title: contracts.title,
        projectId: contracts.projectId,
        expiresOn: contracts.expiresOn,
      });
    for (const row of rows) await recordContractEvent(tx, row.id, "reminded", SYSTEM);
    return rows;
  });
  for (const contract of reminders) {
    const [project] = await db()
      .select({ title: projects.title })
      .from(projects)
      .where(eq(projects.id, contract.projectId));
    const name = contract.title ?? `${project?.title ?? "Your"} contract`;
    const people = await db()
      .select({ name: contractRecipients.name, email: contractRecipients.email })
      .from(contractRecipients)
      .where(eq(contractRecipients.contractId, contract.id));
    for (const person of people) {
      try {
        await sendMail(
          await brandedMail({
            to: person.email,
            subject: `Reminder: please sign ${name}`,
            paragraphs: [
              `Hello ${person.name},`,
              `${name} is still waiting for your signature.`,
              ...(contract.expiresOn ? [`Please sign by ${contract.expiresOn}.`] : []),
            ],
            action: { label: "Review and sign", url: `${appOrigin()}/portal/contracts/${contract.id}` },
          }),
        );
      } catch (error) {
        logger().error({ err: error, contract: contract.id }, "contract reminder not mailed");
      }
    }
  }
  return { expired, reminded: reminders.length };
}

/** Runs the deadlines now and every 10 minutes while the process lives. */
export function startContractDeadlines(): () => void {
  const run = () =>
    runContractDeadlines().catch((error: unknown) => logger().error({ err: error }, "contract deadlines failed"));
  void run();
  const timer = setInterval(run, 10 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
