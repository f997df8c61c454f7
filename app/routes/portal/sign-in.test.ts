// The portal's two sign-in steps as browsers use them: real form posts to the
// /portal action, each browser with its own cookies and network. What one
// browser does (asking codes, trying wrong ones, an old sign-in step) never
// stops another from signing in (docs/security.md: nobody can lock out
// somebody else), and the step's cookie is refused on the server once its 10
// minutes are over.
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { settle } from "#tests/helpers/loader";
import { codesMailedTo, nextCode } from "#tests/helpers/portal";
import { request } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { SESSION_COOKIE_NAME } from "~/.server/auth/cookie-name";
import { clientIpContext } from "~/.server/http/request-context";
import { invitePortalContact } from "~/domain/contacts/portal-access.server";
import { loadPortalHome } from "./home.server";
import { portalSignInAction } from "./sign-in.server";

withTestDatabase();

afterEach(() => vi.useRealTimers());

let n = 0;
async function portalAddress() {
  n += 1;
  const client = await makeClient({ name: `Lockout School ${n}` });
  const contact = await makeContact({ clientId: client.id, name: `Robin ${n}`, email: `robin${n}@lockout.test` });
  await invitePortalContact(contact.id, null);
  return contact.email!;
}

/** Codes asked for each address so far (the mails are written after the answers). */
const asked = new Map<string, number>();

/** How many codes were mailed to `email`, once every one asked for so far is in the outbox. */
async function mailed(email: string): Promise<number> {
  return vi.waitFor(
    () => {
      const count = codesMailedTo(email);
      if (count !== (asked.get(email) ?? 0)) throw new Error(`${count} of ${asked.get(email)} codes mailed`);
      return count;
    },
    { timeout: 20_000, interval: 20 },
  );
}

/** A browser: its cookies (as Set-Cookie left them) and the network it posts from. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly ip: string) {}

  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keep(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair = ""] = header.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      if (!value || /;\s*max-age=0/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Signed out (the session cookie gone); every other cookie stays. */
  signOut() {
    this.jar.delete(SESSION_COOKIE_NAME);
  }

  async post(fields: Record<string, string>) {
    const context = new RouterContextProvider();
    context.set(clientIpContext, this.ip);
    const posted = request("/portal", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: this.cookie },
    });
    const answer = await portalSignInAction(posted, context).catch((thrown: unknown) => thrown);
    if (answer instanceof Response) this.keep(answer.headers.getSetCookie());
    if (fields.intent === "send-code" && answer instanceof Response && answer.status === 302) {
      asked.set(fields.email!, (asked.get(fields.email!) ?? 0) + 1);
    }
    const settled = await settle(() => answer);
    return { status: settled.status, message: (settled.data?.message as string | undefined) ?? null };
  }

  async signedInAs() {
    return (await getUser(request("/portal", { headers: { Cookie: this.cookie } })))?.email ?? null;
  }
}

const ASKED = { status: 302, message: null };
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("portal sign-in, browser by browser", () => {
  test("nobody can lock a client out: requests, wrong tries and old sign-in steps elsewhere neither stop nor spend the client's code", async () => {
    const email = await portalAddress();
    // A shared computer where the client once asked for a code: its sign-in step is still open.
    const oldTab = new Browser("198.51.100.7");
    expect(await oldTab.post({ intent: "send-code", email })).toEqual(ASKED);

    const client = new Browser("192.0.2.10");
    const seen = await mailed(email);
    expect(await client.post({ intent: "send-code", email })).toEqual(ASKED);
    const code = await nextCode(email, seen);

    // A stranger on another network asks for codes for the client's address until refused…
    const stranger = new Browser("203.0.113.66");
    let answer = await stranger.post({ intent: "send-code", email });
    for (let i = 0; i < 10 && answer.status === 302; i++) answer = await stranger.post({ intent: "send-code", email });
    expect(answer.status).toBe(429);
    // …then tries wrong codes until refused, from its own sign-in step and from the old tab's.
    for (const browser of [stranger, oldTab]) {
      for (let i = 0; i < 12; i++) {
        expect((await browser.post({ intent: "verify-code", code: wrongFor(code) })).status).not.toBe(302);
      }
    }

    // The client's own code, from the browser that asked for it, still signs in.
    expect(await client.post({ intent: "verify-code", code })).toEqual(ASKED);
    expect(await client.signedInAs()).toBe(email);
    expect(await stranger.signedInAs()).toBeNull();
    expect(await oldTab.signedInAs()).toBeNull();
  });

  test("strangers on many networks cannot stop the client's own browser from getting a code", async () => {
    const email = await portalAddress();
    const client = new Browser("192.0.2.20");
    let seen = await mailed(email);
    await client.post({ intent: "send-code", email });
    expect(await client.post({ intent: "verify-code", code: await nextCode(email, seen) })).toEqual(ASKED);
    client.signOut();

    // Requests from many networks, 5 each: past the address's own ceiling for browsers it does not know.
    for (let network = 1; network <= 8; network++) {
      const stranger = new Browser(`203.0.${network}.9`);
      for (let i = 0; i < 5; i++) await stranger.post({ intent: "send-code", email });
    }
    expect((await new Browser("192.0.2.99").post({ intent: "send-code", email })).status).toBe(429);

    // The browser the client signed in from before is not counted with them.
    seen = await mailed(email);
    expect(await client.post({ intent: "send-code", email })).toEqual(ASKED);
    expect(await client.post({ intent: "verify-code", code: await nextCode(email, seen) })).toEqual(ASKED);
    expect(await client.signedInAs()).toBe(email);
  });

  test("the sign-in step's cookie is refused by the server once its 10 minutes are over", async () => {
    const email = await portalAddress();
    const browser = new Browser("192.0.2.30");
    const seen = await mailed(email);
    await browser.post({ intent: "send-code", email });
    const code = await nextCode(email, seen);
    const home = async () =>
      (await loadPortalHome(request("/portal", { headers: { Cookie: browser.cookie } }))) as {
        pendingEmail?: string | null;
      };
    expect((await home()).pendingEmail).toBe(email);

    // The browser kept the cookie for an hour (its Max-Age is only a request to the browser).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect((await home()).pendingEmail).toBeNull();
    expect(await browser.post({ intent: "verify-code", code })).toEqual({
      status: 400,
      message: "Your sign-in took too long. Enter your email address again.",
    });
    expect(await browser.signedInAs()).toBeNull();
  });
});
