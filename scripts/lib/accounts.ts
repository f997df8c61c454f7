// Accounts made through the real /auth form over HTTP, as a browser posts it. The first account of
// a data dir is its administrator; with email verification off a sign-up signs in.
export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(prefix: string, domain = "example.test"): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `${prefix} ${id}`, email: `${prefix.toLowerCase()}-${id}@${domain}`, password: "sandpit-slide-42" };
}

async function postAuth(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().filter((cookie) => cookie.startsWith("playfolio.session"));
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(
      `POST /auth (${fields.intent}) answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** Signs `account` up and answers its session as a Cookie header. */
export function signUp(url: string, account: Account): Promise<string> {
  const { name, email, password } = account;
  return postAuth(url, {
    intent: "sign-up",
    fullName: name,
    email,
    password,
    confirmPassword: password,
    redirectTo: "/",
  });
}

export function signIn(url: string, account: Pick<Account, "email" | "password">): Promise<string> {
  return postAuth(url, { intent: "sign-in", ...account, redirectTo: "/" });
}
