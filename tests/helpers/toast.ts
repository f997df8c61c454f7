// The flash toast an action's answer sets, read back as the next page would read it.
import { readToast } from "~/.server/toast";

export async function toastOf(init: ResponseInit | null | undefined) {
  // The answer may set other cookies too (a sign-up sets the session's).
  const setCookie = new Headers(init?.headers).getSetCookie().find((cookie) => cookie.startsWith("playfolio_toast="));
  if (!setCookie) return null;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }))).toast;
}
