// Who is asking, and may they? The require* helpers throw, so a caller cannot forget to check a boolean.
import { data, redirect } from "react-router";
import { CODE_SIGN_IN, type Role } from "~/tables";
import { actAs } from "../db/history-scope";
import { pagePath } from "../http/route-policy";
import { SESSION_COOKIE_NAME } from "./cookie-name";
import { auth } from "./index";
import { TWO_FACTOR_SETUP_PATH, twoFactorRequired } from "./two-factor-policy";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export interface CodeSignIn {
  email: string;
  mailedAt: Date;
}

interface SessionLookup {
  user: SessionUser | null;
  /** The id of this request's session (the account page marks it "This device"). */
  sessionId: string | null;
  /** When that session ends unless it is used again (a live stream ends then). */
  sessionExpiresAt: Date | null;
  /** A sign-in by mailed code: the address it was mailed to, and when (null for any other sign-in). */
  codeSignIn: CodeSignIn | null;
  /** Set-Cookie headers from a session refresh (the session slides while used). */
  setCookies: string[];
}

const lookups = new WeakMap<Request, Promise<SessionLookup>>();

/** The request carries a session cookie (valid or not): only then can the answer depend on who asks. */
export function hasSessionCookie(request: Request): boolean {
  return request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`) ?? false;
}

async function lookUp(request: Request): Promise<SessionLookup> {
  // No session cookie, no session: anonymous requests never wait for better-auth.
  if (!hasSessionCookie(request)) {
    return { user: null, sessionId: null, sessionExpiresAt: null, codeSignIn: null, setCookies: [] };
  }
  const { headers, response } = await (
    await auth()
  ).api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const user = response?.user;
  if (user && !user.banned) actAs({ id: user.id, name: user.name });
  const session = response?.session;
  return {
    // Disabling an account deletes its sessions; a session made in the same instant is refused here too.
    user:
      user && !user.banned
        ? {
            id: user.id,
            email: user.email,
            name: user.name,
            role: (user.role ?? "pending") as Role,
            emailVerified: user.emailVerified,
            twoFactorEnabled: user.twoFactorEnabled === true,
          }
        : null,
    sessionId: session?.id ?? null,
    sessionExpiresAt: session?.expiresAt ? new Date(session.expiresAt) : null,
    codeSignIn:
      session?.codeEmail && session.codeMailedAt
        ? { email: session.codeEmail, mailedAt: new Date(session.codeMailedAt) }
        : null,
    setCookies: headers.getSetCookie(),
  };
}

export function getSession(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** Whether a Cookie header is staff's session (admission's share), without refreshing it: a forged one costs no query. */
export async function isStaffSession(cookieHeader: string): Promise<boolean> {
  const session = await (
    await auth()
  ).api.getSession({ headers: new Headers({ cookie: cookieHeader }), query: { disableRefresh: true } });
  const user = session?.user;
  return !!user && !user.banned && (user.role === "staff" || user.role === "admin");
}

/** True once anything answering this request looked at who is signed in. */
export function sessionConsulted(request: Request): boolean {
  return lookups.has(request);
}

export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).user;
}

/** The path (and query) the visitor asked for, without React Router's data-request markers. */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return pagePath(url.pathname) + url.search;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: requestedPath(request) })}`);
  }
  return user;
}

/** Staff (or an admin) whose access is not waiting on anything: the admin layout and downloads. */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await requireStaffWithoutSecondFactor(request);
  if (!user.twoFactorEnabled && (await twoFactorRequired())) throw redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}

/** Staff, whether or not a required second factor is set up yet: the set-up page itself. */
export async function requireStaffWithoutSecondFactor(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === CODE_SIGN_IN.role) throw redirect(CODE_SIGN_IN.home);
  if (user.role === "pending") throw redirect("/pending");
  return user;
}

/** Staff with full access, or null, for a public page that shows staff more; no cookie, nothing looked up. */
export async function signedInStaff(request: Request): Promise<SessionUser | null> {
  if (!hasSessionCookie(request)) return null;
  const user = await getUser(request);
  if (!user || (user.role !== "staff" && user.role !== "admin")) return null;
  // While two-factor sign-in is required, staff without it are not let in anywhere else either.
  if (!user.twoFactorEnabled && (await twoFactorRequired())) return null;
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireStaff(request);
  if (user.role !== "admin") {
    throw data({ message: "Only administrators can open this page." }, { status: 403 });
  }
  return user;
}

/** For JSON endpoints: the staff user, or a thrown JSON 401/403 a script can read, not a redirect. */
export async function requireStaffForApi(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw Response.json({ error: "Not authenticated" }, { status: 401 });
  if (user.role === CODE_SIGN_IN.role)
    throw Response.json({ error: "This is for company staff only." }, { status: 403 });
  if (user.role === "pending") {
    throw Response.json({ error: "Your account is waiting for access from an administrator." }, { status: 403 });
  }
  if (!user.twoFactorEnabled && (await twoFactorRequired())) {
    throw Response.json({ error: "Set up two-factor sign-in first." }, { status: 403 });
  }
  return user;
}
