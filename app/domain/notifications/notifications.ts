// A staff notification as the browser shows it (the top bar's menu and the
// toast): a new inquiry, a contract viewed, signed or declined in the portal, or a
// proposal viewed, accepted, declined or sent back for changes.
export interface StaffNotification {
  /** The inquiry's, the contract event's, or the proposal view's, answer's or comment's id. */
  id: string;
  kind: "inquiry" | "contract" | "proposal";
  event: "new" | "viewed" | "signed" | "declined" | "accepted" | "changes requested";
  /** Who: the visitor who asked, the signer, or the buyer. */
  who: string;
  /** What about: the inquiry's project, gallery or organisation; the contract's or proposal's title. */
  about: string;
  /** ISO time. */
  at: string;
  unread: boolean;
  /** The record's page. */
  href: string;
}

export interface StaffNotifications {
  items: StaffNotification[];
  /** How many are unread, counted up to MAX_UNREAD_COUNTED. */
  unread: number;
  /** When the server read them (ISO): the newer of two answers wins. */
  readAt: string;
}

export const MAX_UNREAD_COUNTED = 99;

/** "New inquiry from Jane Doe", "Contract signed by Jane Doe", "Changes requested by Jane Doe". */
export function notificationTitle(item: StaffNotification): string {
  if (item.kind === "inquiry") return `New inquiry from ${item.who}`;
  if (item.event === "changes requested") return `Changes requested by ${item.who}`;
  return `${item.kind === "contract" ? "Contract" : "Proposal"} ${item.event} by ${item.who}`;
}

/** The badge's text: "3", or "99+" past what is counted. */
export const unreadText = (unread: number): string =>
  unread > MAX_UNREAD_COUNTED ? `${MAX_UNREAD_COUNTED}+` : String(unread);
