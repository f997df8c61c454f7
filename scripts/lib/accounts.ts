// Accounts through the /auth form over HTTP. A data dir's first account is its administrator; with
// email verification off a sign-up signs in.
export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(prefix: string, domain = "example.test"): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `${prefix} ${id}`, email: `${prefix.toLowerCase()}-${id}@${domain}`, password: "sandpit-slide-42" };
}

/** Posts a form as a browser does, with `cookie`; the answer's redirect is not followed. */
export function postForm(url: string, fields: Record<string, string>, cookie?: string) {
  const headers = cookie ? { cookie } : undefined;
  return fetch(url, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

/** Posts the form and answers the session it set, as a Cookie header. */
async function postAuth(url: string, fields: Record<string, string>): Promise<string> {
  const response = await postForm(`${url}/auth`, fields);
  const cookies = response.headers.getSetCookie().filter((cookie) => cookie.startsWith("playfolio.session"));
  if (response.status === 302 && cookies.length > 0) return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
  throw new Error(
    `POST /auth (${fields.intent}) answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
  );
}

export const signUp = (url: string, { name: fullName, email, password }: Account) =>
  postAuth(url, { intent: "sign-up", fullName, email, password, confirmPassword: password, redirectTo: "/" });

export const signIn = (url: string, account: Pick<Account, "email" | "password">) =>
  postAuth(url, { intent: "sign-in", ...account, redirectTo: "/" });
