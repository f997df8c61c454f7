// Flash toasts: an action sets one in a short-lived cookie, the next page shows it once.
import { createCookieSessionStorage, data, redirect, type SessionStorage } from "react-router";
import { type Toast, type ToastInput, toastSchema } from "~/lib/toast";
import { authSecret } from "./auth/secret";
import { appOrigin } from "./env";

const KEY = "toast";

let storage: SessionStorage<Record<string, never>, { toast: Toast }> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: "playfolio_toast",
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secrets: [authSecret()],
      secure: appOrigin().startsWith("https:"),
    },
  });
  return storage;
}

/** Headers that carry a toast to the next page the browser renders. */
export async function toastHeaders(toast: ToastInput, init?: HeadersInit): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(KEY, toastSchema.parse(toast));
  const headers = new Headers(init);
  headers.append("Set-Cookie", await toastStorage().commitSession(session));
  return headers;
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: await toastHeaders(toast, init?.headers) });
}

/** An answer (for the same page) that shows a toast; `null` shows none. */
export async function dataWithToast<T>(body: T, toast: ToastInput | null, init?: ResponseInit) {
  return data(body, { ...init, headers: toast ? await toastHeaders(toast, init?.headers) : init?.headers });
}

/** Reads (and consumes) the flash toast; `setCookie` clears it, or is null when there was none. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("playfolio_toast=")) return { toast: null, setCookie: null };
  const session = await toastStorage().getSession(cookie);
  const parsed = toastSchema.safeParse(session.get(KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await toastStorage().destroySession(session),
  };
}
