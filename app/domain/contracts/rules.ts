// The life of a contract, checked on the server whatever the form sent: a
// contract sent without a date is dated today, a signed one needs its date
// (not before the date sent), only a signed contract keeps a signed date, and
// a signed contract moves back only when the person confirmed it.
import { InvalidInputError } from "../errors";
import { confirmUnsignMessage, contractDateProblem, type ContractFormValues, type FormStatus } from "./schema";

export interface ContractDates {
  status: FormStatus;
  dateSent: string | null;
  dateSigned: string | null;
}

/** Today on this server's calendar, as "YYYY-MM-DD". */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The status and dates to store, from what the form sent and what the
 * contract was before (null for a new one). Throws InvalidInputError (with the
 * field to show it on) when a rule refuses the change.
 */
export function applyContractRules(
  values: Pick<ContractFormValues, "dateSent" | "dateSigned" | "confirmUnsign"> & { status: FormStatus },
  before: { status: string } | null,
  today: string,
): ContractDates {
  const { status } = values;
  if (before?.status === "signed" && status !== "signed" && !values.confirmUnsign) {
    throw new InvalidInputError(confirmUnsignMessage(status), "status");
  }
  const dateSent = status === "sent" && !values.dateSent ? today : values.dateSent;
  const dateSigned = status === "signed" ? values.dateSigned : null;
  const problem = contractDateProblem({ status, dateSent, dateSigned });
  if (problem) throw new InvalidInputError(problem, "dateSigned");
  return { status, dateSent, dateSigned };
}
