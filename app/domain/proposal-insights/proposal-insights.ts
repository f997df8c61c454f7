// What the insights screen shows of proposals (isomorphic: the server counts,
// the page draws). Money is in minor units of its currency, summed per currency.
export interface ValueBucket {
  /** The bucket's first day, "YYYY-MM-DD" (a day, or the Monday of a week). */
  start: string;
  accepted: number;
  /** Minor units per currency. */
  value: Record<string, number>;
}

export interface WinningProject {
  id: string;
  title: string;
  /** Won proposals whose inquiry was sent from this project's page. */
  won: number;
  value: Record<string, number>;
  /** The page's views in the period. */
  views: number;
}

export interface ProposalInsights {
  period: number;
  from: string;
  to: string;
  /** Proposals first sent in the period. */
  sent: number;
  accepted: number;
  declined: number;
  /** Accepted ÷ (accepted + declined) in the period, as a percentage; null when none was answered. */
  winRate: number | null;
  /** Median days from a proposal's first sending to its acceptance, for those accepted in the period. */
  medianDaysToAccept: number | null;
  /** "day" for 7 days, else "week". */
  bucket: "day" | "week";
  valueWon: ValueBucket[];
  winningProjects: WinningProject[];
}

export function winRate(accepted: number, declined: number): number | null {
  return accepted + declined === 0 ? null : (accepted / (accepted + declined)) * 100;
}
