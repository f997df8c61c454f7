// Issue 25 §3.2: sign-in limits keyed on the exact client address. An IPv6
// client holds a whole /64, and a guesser spread over many addresses guessed
// at one account with no wait. Now addresses count by /64 (IPv4 as is), and
// each account has a ceiling on failed guesses from browsers it has not signed
// in from; its owner's own browser (a signed device cookie set at a successful
// sign-in) is not slowed by a stranger's guessing.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { cookieHeader, createUser } from "#tests/helpers/users";
import { signIn } from "./users.server";

withTestDatabase();

let n = 0;
const freshIp = () => `198.51.${Math.floor(++n / 250)}.${n % 250}`;
const wrong = (email: string, ip: string, cookie?: string) =>
  signIn({ email, password: "not-the-password", ip, cookie });

describe("sign-in limits by address range", () => {
  test("the addresses of one IPv6 /64 share one count", async () => {
    const owner = await createUser();
    for (let i = 1; i <= 5; i++) {
      expect(await wrong(owner.email, `2001:db8:1:2::${i.toString(16)}`)).toMatchObject({ status: 401 });
    }
    expect(await wrong(owner.email, "2001:db8:1:2:ffff:ffff:ffff:fffe")).toMatchObject({ status: 429 });
    // Another /64 is another client.
    expect(await wrong(owner.email, "2001:db8:1:3::1")).toMatchObject({ status: 401 });
  });

  test("an IPv4 client written as an IPv4-mapped IPv6 address is the same client", async () => {
    const owner = await createUser();
    for (let i = 0; i < 5; i++) await wrong(owner.email, "192.0.2.44");
    expect(await wrong(owner.email, "::ffff:192.0.2.44")).toMatchObject({ status: 429 });
  });
});

describe("a ceiling per account on guesses spread over many addresses", () => {
  test("many addresses guessing a few times each are slowed down once the account's ceiling is passed", async () => {
    const owner = await createUser();
    const answers = [];
    for (let address = 0; address < 10; address++) {
      const ip = freshIp();
      for (let guess = 0; guess < 3; guess++) answers.push(await wrong(owner.email, ip));
    }
    expect(answers.filter((answer) => !answer.ok && answer.status === 429).length).toBeGreaterThan(0);
    // A new address, even with the right password, waits: the guesser cannot tell a hit.
    expect(await signIn({ email: owner.email, password: owner.password, ip: freshIp() })).toMatchObject({
      ok: false,
      status: 429,
    });
  });

  test("an address without an account is slowed down the same way (the answer tells nothing)", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push(((await wrong(email, freshIp())) as { status: number }).status);
    expect(statuses).toContain(429);
  });

  test("the owner's own browser, known from an earlier sign-in, still signs in; a cookie from another account or a forged one does not help", async () => {
    const owner = await createUser();
    const home = await signIn({ email: owner.email, password: owner.password, ip: freshIp() });
    if (!home.ok) throw new Error(home.message);
    const knownDevice = home.setCookies.find((cookie) => cookie.startsWith("known-device="));
    expect(knownDevice).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const ownBrowser = cookieHeader(home.setCookies);
    const other = await createUser();
    const otherHome = await signIn({ email: other.email, password: other.password, ip: freshIp() });
    const otherBrowser = cookieHeader(otherHome.ok ? otherHome.setCookies : []);

    for (let address = 0; address < 12; address++) {
      const ip = freshIp();
      for (let guess = 0; guess < 3; guess++) await wrong(owner.email, ip);
    }
    expect(await signIn({ email: owner.email, password: owner.password, ip: freshIp() })).toMatchObject({
      status: 429,
    });
    // Another account's browser, or a tampered cookie, is a browser the account does not know.
    expect(
      await signIn({ email: owner.email, password: owner.password, ip: freshIp(), cookie: otherBrowser }),
    ).toMatchObject({ status: 429 });
    const forged = ownBrowser.replace(/known-device=([^;]*)/, (_all, value: string) => `known-device=x${value}`);
    expect(forged).not.toBe(ownBrowser);
    expect(await signIn({ email: owner.email, password: owner.password, ip: freshIp(), cookie: forged })).toMatchObject(
      { status: 429 },
    );
    // The owner's browser, from wherever it is today.
    expect((await signIn({ email: owner.email, password: owner.password, ip: freshIp(), cookie: ownBrowser })).ok).toBe(
      true,
    );
  });
});
