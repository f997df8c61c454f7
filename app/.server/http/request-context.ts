// Values the Express layer hands to loaders, actions and middleware.
import { createContext } from "react-router";

/** The client's IP address as Express sees it (behind the proxies TRUST_PROXY names). */
export const clientIpContext = createContext<string>("unknown");

/** The nonce of this response's scripts (content-security-policy.ts); made per request, never reused. */
export const cspNonceContext = createContext<string>("");

/** Who may frame this page; an embeddable route's middleware sets FRAME_ANCESTORS. */
export const frameAncestorsContext = createContext<string>("'none'");
/** The id of this request in the logs (X-Request-Id), shown on error pages as the reference. */
export const requestIdContext = createContext<string>("unknown");

/** Tells what the page rendered is (an opaque tag): the view counter hears it, the render cache keeps it. */
export const servedAsContext = createContext<(tag: string) => void>(() => {});
