// The flash toast an action's answer sets, read back as the next page would read it.
import { readToast } from "~/.server/toast";

export async function toastOf(init: ResponseInit | null | undefined) {
  const setCookie = new Headers(init?.headers).get("Set-Cookie");
  if (!setCookie) return null;
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }))).toast;
}
