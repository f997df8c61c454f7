// Mail the app wrote to $DATA_DIR/outbox (no SMTP_URL in tests).
import fs from "node:fs";
import path from "node:path";
import { outboxDir } from "~/.server/mail";

export interface SentMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Each file as the outbox keeps it: its bytes as base64. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export function mailsTo(address: string): SentMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as SentMail)
    .filter((mail) => mail.to === address);
}

/** The token of the newest confirmation link mailed to `address`. */
export function confirmationToken(address: string): string | undefined {
  const link = mailsTo(address)
    .map((mail) => mail.text.match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)?.[0])
    .filter(Boolean)
    .at(-1);
  return link ? new URL(link).searchParams.get("token")! : undefined;
}

/** The token of the newest link to `path` (e.g. "/auth/reset-password") mailed to `address`. */
export function mailedToken(address: string, path: string): string | undefined {
  const pattern = new RegExp(`https?://\\S+${path.replace(/[/]/g, "\\/")}\\?token=\\S+`);
  const link = mailsTo(address)
    .map((mail) => mail.text.match(pattern)?.[0])
    .filter(Boolean)
    .at(-1);
  return link ? new URL(link).searchParams.get("token")! : undefined;
}

/**
 * Runs `work` while mail cannot be written (the outbox is a file, not a
 * folder): a mail server that does not take the message.
 */
export async function withBrokenOutbox<T>(work: () => Promise<T>): Promise<T> {
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.renameSync(dir, `${dir}.kept`);
  fs.writeFileSync(dir, "not a folder");
  try {
    return await work();
  } finally {
    fs.rmSync(dir, { force: true });
    fs.renameSync(`${dir}.kept`, dir);
  }
}
