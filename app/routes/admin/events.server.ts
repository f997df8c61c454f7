// The glue of the staff's live stream (GET /admin/events) and of presence
// (POST /admin/presence): who asks, and what they said.
import { z } from "zod";
import { getSession, requireStaff } from "~/.server/auth/access";
import { currentDatabase } from "~/.server/db";
import { notFound } from "~/.server/http/invariant";
import { isDataRequest } from "~/.server/http/route-policy";
import { liveStreams } from "~/.server/live";
import { announcePresence } from "~/.server/live/presence";
import { LIVE_ID, PRESENCE_SUBJECT } from "~/lib/live";

export async function openEventStream(request: Request): Promise<Response> {
  const user = await requireStaff(request);
  // A stream has no data form (`.data`): single fetch would wait for its end.
  if (isDataRequest(request)) throw notFound(request);
  const { sessionId, sessionExpiresAt } = await getSession(request);
  return liveStreams().open(
    {
      userId: user.id,
      role: user.role === "admin" ? "admin" : "staff",
      sessionId: sessionId ?? "",
      cookie: request.headers.get("Cookie") ?? "",
      sessionExpiresAt,
    },
    // Its Last-Event-ID, or `?lastEventId=` from a stream opened afresh: better-sse reads both.
    request,
  );
}

const presenceSchema = z.object({
  stream: z.string().regex(LIVE_ID),
  tab: z.string().regex(LIVE_ID),
  // Empty: this tab is on no record any more.
  subject: z.union([z.literal(""), z.string().regex(PRESENCE_SUBJECT)]).default(""),
});

export async function presenceAction(request: Request): Promise<Response> {
  const user = await requireStaff(request);
  const parsed = presenceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Bad request", { status: 400 });
  const { stream, tab, subject } = parsed.data;
  await announcePresence(
    currentDatabase(),
    { streamId: stream, tabId: tab, userId: user.id, userName: user.name },
    subject || null,
  );
  return new Response(null, { status: 204 });
}
