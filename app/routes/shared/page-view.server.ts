// Tells the view counter which public page this loader is rendering (decision
// 0063). Only the public pages of published work call it: never a private
// preview, a share link or an inquiry form. Signed-in staff are not visitors.
// The render cache keeps the tag with the page, so its hits count too.
import type { RouterContextProvider } from "react-router";
import { signedInStaff } from "~/.server/auth/access";
import { servedAsContext } from "~/.server/http/request-context";
import { viewTag, type ViewSubject } from "~/domain/views/subject";

export async function countView(
  context: Readonly<RouterContextProvider>,
  request: Request,
  subject: ViewSubject | null,
): Promise<void> {
  if (!subject || (await signedInStaff(request))) return;
  context.get(servedAsContext)(viewTag(subject));
}
