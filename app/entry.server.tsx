// Server rendering: the default of React Router, plus the nonce of this
// response (request-context.ts), given to React's and React Router's own
// inline scripts and to ours (NonceContext), so the page's
// Content-Security-Policy can refuse every other script.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { cspNonceContext } from "~/.server/http/request-context";
import { nameMailsAfterTheCompany } from "~/domain/company/company.server";
import { NonceContext } from "~/lib/nonce";

nameMailsAfterTheCompany();

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext) || undefined;
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell are logged by React Router; these happen while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Rejected boundaries get time to flush before the stream is cut.
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
