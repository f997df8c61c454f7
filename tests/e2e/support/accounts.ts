// Accounts made through the real /auth form over HTTP, as a browser would post it.
import fs from "node:fs";
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

async function postAuth(baseUrl: string, fields: Record<string, string>): Promise<string[]> {
  const response = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  if (response.status !== 302) {
    throw new Error(
      `POST /auth (${fields.intent}) answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return response.headers.getSetCookie();
}

export function signUpOverHttp(baseUrl: string, account: Account): Promise<string[]> {
  return postAuth(baseUrl, {
    intent: "sign-up",
    fullName: account.name,
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    redirectTo: "/",
  });
}

export function signInOverHttp(baseUrl: string, account: Account): Promise<string[]> {
  return postAuth(baseUrl, { intent: "sign-in", email: account.email, password: account.password, redirectTo: "/" });
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
