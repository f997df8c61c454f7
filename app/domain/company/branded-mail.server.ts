// Mail to the company's clients carries the company's name (Settings →
// Company) rather than the app's: a plain-text body and the same words as
// simple HTML, with one button for the link.
import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import type { Mail } from "~/.server/mail";

export interface BrandedMailContent {
  to: string;
  subject: string;
  /** The paragraphs of the message, as plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A last line in small print (why they got it, what to do if unexpected). */
  footnote?: string;
  attachments?: Mail["attachments"];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The company's name for mail, or a neutral one before Settings → Company is filled in. */
export async function companyName(): Promise<string> {
  const [row] = await db()
    .select({ name: schema.companySettings.name })
    .from(schema.companySettings)
    .where(eq(schema.companySettings.id, 1));
  return row?.name?.trim() || "Playfolio";
}

export async function brandedMail(content: BrandedMailContent): Promise<Mail> {
  const company = await companyName();
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.footnote ? [content.footnote] : []),
    `— ${company}`,
  ].join("\n\n");
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#111827;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700">${escapeHtml(company)}</p>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`).join("\n")}
${button}
${content.footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">${escapeHtml(content.footnote)}</p>` : ""}
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html, attachments: content.attachments };
}
