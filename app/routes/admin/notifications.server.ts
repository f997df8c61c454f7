// The glue of staff notifications (GET and POST /admin/notifications): the
// newest ones and the unread count, and "read up to" from the top bar's menu.
import { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { markNotificationsRead, notificationsFor } from "~/domain/notifications/notifications.server";

export async function loadNotifications(request: Request) {
  const user = await requireStaff(request);
  return Response.json(await notificationsFor(user.id), { headers: { "Cache-Control": "no-store" } });
}

const readSchema = z.object({ upTo: z.iso.datetime() });

export async function notificationsAction(request: Request) {
  const user = await requireStaff(request);
  const parsed = readSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Bad request", { status: 400 });
  await markNotificationsRead(user.id, new Date(parsed.data.upTo));
  return Response.json(await notificationsFor(user.id), { headers: { "Cache-Control": "no-store" } });
}
