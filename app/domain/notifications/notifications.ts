// A staff notification as the browser shows it (the top bar's menu and the
// toast): a new inquiry, or a contract viewed, signed or declined in the portal.
export interface StaffNotification {
  /** The inquiry's or the contract event's id. */
  id: string;
  kind: "inquiry" | "contract";
  event: "new" | "viewed" | "signed" | "declined";
  /** Who: the visitor who asked, or the signer. */
  who: string;
  /** What about: the inquiry's project, gallery or organisation; the contract's title. */
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

/** "New inquiry from Jane Doe", "Contract signed by Jane Doe". */
export function notificationTitle(item: StaffNotification): string {
  return item.kind === "inquiry" ? `New inquiry from ${item.who}` : `Contract ${item.event} by ${item.who}`;
}

/** The badge's text: "3", or "99+" past what is counted. */
export const unreadText = (unread: number): string =>
  unread > MAX_UNREAD_COUNTED ? `${MAX_UNREAD_COUNTED}+` : String(unread);
