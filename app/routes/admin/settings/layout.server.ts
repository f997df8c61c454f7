import { requireStaff } from "~/.server/auth/access";

/** The settings pages' frame: which tabs this person may open. */
export async function loadSettingsShell(request: Request) {
  const user = await requireStaff(request);
  return { isAdmin: user.role === "admin" };
}
