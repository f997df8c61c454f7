// Values the Express layer hands to loaders, actions and middleware.
import { createContext } from "react-router";

/** The client's IP address as Express sees it (trusting a proxy on loopback only). */
export const clientIpContext = createContext<string>("unknown");

/** The id of this request in the logs (X-Request-Id), shown on error pages as the reference. */
export const requestIdContext = createContext<string>("unknown");
