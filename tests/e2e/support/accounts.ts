// Accounts made through the real /auth form over HTTP, as a browser would post it.
import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import path from "node:path";

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const PASSWORD = "sandpit-slide-42";

export function newAccount(prefix: string, domain = "example.test"): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `${prefix} ${id}`, email: `${prefix.toLowerCase()}-${id}@${domain}`, password: PASSWORD };
}

/** Where an account is made: a server's address, and its data dir (whose outbox holds the mail). */
export interface AccountServer {
  url: string;
  dataDir: string;
}

/** The server every spec shares (started by the global setup). */
export function sharedServer(): AccountServer {
  const url = process.env.E2E_BASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!url || !dataDir) throw new Error("The shared test server is not running (see global-setup.ts)");
  return { url, dataDir };
}

async function postAuth(baseUrl: string, fields: Record<string, string>, expected: number): Promise<Response> {
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    // Not kept alive: the global setup stops a server gracefully just after a sign-up, and a graceful
    // stop waits out idle keep-alive connections (about 4 s).
    headers: { Connection: "close" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  if (response.status !== expected) {
    throw new Error(
      `POST /auth (${fields.intent}) answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return response;
}

/** The session cookies among Set-Cookie headers (the session token first), without the toast. */
function sessionCookies(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith("playfolio."))
    .sort(
      (a, b) => Number(b.startsWith("playfolio.session_token=")) - Number(a.startsWith("playfolio.session_token=")),
    );
}

/** The newest link to `linkPath` (with a token) mailed to `email`, read from the server's outbox. */
export function mailedLink(dataDir: string, email: string, linkPath: string): string {
  const outbox = path.join(dataDir, "outbox");
  const pattern = new RegExp(`https?://\\S+${linkPath.replaceAll("/", "\\/")}\\?token=\\S+`);
  const links = (fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [])
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")) as { to: string; text: string })
    .filter((mail) => mail.to === email)
    .map((mail) => mail.text.match(pattern)?.[0])
    .filter((link): link is string => Boolean(link));
  const link = links.at(-1);
  if (!link) throw new Error(`No ${linkPath} link was mailed to ${email}`);
  return link;
}

/** The confirmation link mailed to `email` (mail is written before sign-up answers). */
export function confirmationLink(dataDir: string, email: string): string {
  return mailedLink(dataDir, email, "/auth/verify-email");
}

/**
 * Signs an account up over HTTP and returns its session cookies: with email
 * verification off (the test servers), a sign-up signs in. An address of the
 * test servers' staff domain (staff.test) also follows the confirmation link
 * mailed to it, which grants staff.
 */
export async function signUpOverHttp(server: AccountServer, account: Account): Promise<string[]> {
  const response = await postAuth(
    server.url,
    {
      intent: "sign-up",
      fullName: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      redirectTo: "/",
    },
    302,
  );
  const cookies = sessionCookies(response);
  if (cookies.length === 0) throw new Error(`Signing up ${account.email} did not sign in`);
  if (account.email.endsWith("@staff.test")) {
    const { pathname, search } = new URL(confirmationLink(server.dataDir, account.email));
    const confirmed = await fetch(`${server.url}${pathname}${search}`, {
      redirect: "manual",
      headers: { Connection: "close" },
    });
    if (confirmed.status !== 302)
      throw new Error(`The confirmation link of ${account.email} answered ${confirmed.status}`);
  }
  return cookies;
}

export async function signInOverHttp(baseUrl: string, account: Account): Promise<string[]> {
  const response = await postAuth(
    baseUrl,
    { intent: "sign-in", email: account.email, password: account.password, redirectTo: "/" },
    302,
  );
  return sessionCookies(response);
}

/** A Playwright storage-state file holding the session cookies. */
export function writeStorageState(file: string, baseUrl: string, setCookies: string[]): void {
  const { hostname } = new URL(baseUrl);
  const cookies = setCookies.map((header) => {
    const [pair, ...attributes] = header.split(";").map((part) => part.trim());
    const [name, ...value] = pair!.split("=");
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith("max-age="));
    return {
      name: name!,
      value: value.join("="),
      domain: hostname,
      path: "/",
      expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge.split("=")[1]) : -1,
      httpOnly: attributes.some((a) => a.toLowerCase() === "httponly"),
      secure: false,
      sameSite: "Lax" as const,
    };
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ cookies, origins: [] }, null, 2));
}

/** A page in a browser context of its own, signed in with the session cookie among `setCookies`. */
export async function pageSignedInWith(
  browser: Browser,
  baseUrl: string,
  setCookies: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const [name, value] = setCookies[0]!.split(";")[0]!.split("=");
  await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
  return { context, page: await context.newPage() };
}
