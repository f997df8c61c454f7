// Each upload endpoint's frame: staff only (before the body is read), the refreshed cookie, failures as JSON {error}.
import { getSession, requireStaffForApi, type SessionUser } from "../auth/access";
import { logger } from "../logger";
import { MultipartError, receiveFile, type ReceivedFile, type UploadCaps } from "./multipart";

/** An error class whose messages are meant for the person uploading, with its HTTP status. */
type ShownError = abstract new (...args: never[]) => Error & { status: number };

export async function uploadEndpoint(
  request: Request,
  options: UploadCaps & {
    /** Errors the handler throws on purpose, answered with their message and status. */
    shown: ShownError[];
    /** What the server log says when something else fails. */
    logMessage: string;
  },
  handle: (user: SessionUser, received: ReceivedFile) => Promise<Response>,
): Promise<Response> {
  try {
    const user = await requireStaffForApi(request);
    const response = await handle(user, await receiveFile(request, options));
    for (const cookie of (await getSession(request)).setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    return errorResponse(error, options);
  }
}

function errorResponse(error: unknown, { shown, logMessage }: { shown: ShownError[]; logMessage: string }): Response {
  if (error instanceof Response) return error;
  if (error instanceof MultipartError || shown.some((type) => error instanceof type)) {
    const { message, status } = error as Error & { status: number };
    return Response.json({ error: message }, { status });
  }
  // Storage or database trouble: the uploader still gets JSON it can show.
  logger().error({ err: error }, logMessage);
  return Response.json({ error: "The upload failed on our side. Please try again." }, { status: 500 });
}

/** The GET side: the same access answer first, then 405 for staff. */
export async function uploadEndpointLoader(request: Request): Promise<Response> {
  try {
    await requireStaffForApi(request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  return Response.json({ error: "Send the file with POST." }, { status: 405, headers: { Allow: "POST" } });
}
