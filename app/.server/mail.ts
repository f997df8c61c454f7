// Mail through SMTP_URL; without it each message is logged and written to $DATA_DIR/outbox/ as JSON (tests read it).
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env";
import { logger } from "./logger";
import { configuredCompanyName } from "./site-name";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when not to MAIL_FROM. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

let transport: Transporter | undefined;

export function outboxDir(): string {
  return path.join(env().DATA_DIR, "outbox");
}

/** MAIL_FROM's address under the company's name when one is set: readers see who writes to them. */
export async function mailSender(): Promise<string> {
  const { MAIL_FROM } = env();
  const name = await configuredCompanyName();
  if (!name) return MAIL_FROM;
  const address = /<([^<>]+)>\s*$/.exec(MAIL_FROM)?.[1] ?? MAIL_FROM.trim();
  return `"${name.replace(/[\\"]/g, "\\$&").replace(/[\r\n]+/g, " ")}" <${address}>`;
}

export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL } = env();
  const from = await mailSender();
  if (SMTP_URL) {
    transport ??= nodemailer.createTransport(SMTP_URL);
    await transport.sendMail({ from, ...mail });
    logger().info({ to: mail.to, subject: mail.subject }, "mail sent");
    return;
  }
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.json`);
  const message = {
    from,
    ...mail,
    // In the outbox an attachment is its bytes as base64, so nothing is lost.
    attachments: mail.attachments?.map((file) => ({ ...file, content: file.content.toString("base64") })),
    date: new Date().toISOString(),
  };
  // Written whole, then renamed: a reader of the outbox never sees half a message.
  await fs.writeFile(`${file}.tmp`, JSON.stringify(message, null, 2));
  await fs.rename(`${file}.tmp`, file);
  logger().info({ to: mail.to, subject: mail.subject, file }, "mail written to outbox (no SMTP_URL)");
}
