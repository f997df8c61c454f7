// Signing in to the client portal over HTTP: the address, then the code from the server's outbox
// (without SMTP_URL mail is written there).
import fs from "node:fs";
import path from "node:path";
import { postForm } from "./accounts";

/** A running server and its data dir, where its outbox is. */
export type PortalServer = { url: string; dataDir: string };

const cookiePairs = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** The sign-in codes mailed to `email` so far, oldest first. */
export function mailedCodes(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, "outbox");
  return (fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [])
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")) as { to: string; subject: string })
    .filter((mail) => mail.to === email)
    .map((mail) => mail.subject.match(/^(\d{6}) is your sign-in code$/)?.[1])
    .filter((code): code is string => Boolean(code));
}

/** Waits for the code mail after `seen` codes (the server sends it without waiting). */
export async function nextMailedCode(dataDir: string, email: string, seen: number): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const codes = mailedCodes(dataDir, email);
    if (codes.length > seen) return codes.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No sign-in code was mailed to ${email}`);
}

/** Signs a portal account in and returns its Cookie header. */
export async function signInToPortalOverHttp(server: PortalServer, email: string): Promise<string> {
  const seen = mailedCodes(server.dataDir, email).length;
  const asked = await postForm(`${server.url}/portal`, { intent: "send-code", email });
  if (asked.status !== 302) throw new Error(`POST /portal (send-code) answered ${asked.status}`);
  const code = await nextMailedCode(server.dataDir, email, seen);
  const verified = await postForm(
    `${server.url}/portal`,
    { intent: "verify-code", code },
    cookiePairs(asked).join("; "),
  );
  const session = cookiePairs(verified).filter((pair) => pair.startsWith("playfolio.") && !pair.endsWith("="));
  if (verified.status !== 302 || session.length === 0) {
    throw new Error(`POST /portal (verify-code) answered ${verified.status}: ${(await verified.text()).slice(0, 200)}`);
  }
  return session.join("; ");
}
