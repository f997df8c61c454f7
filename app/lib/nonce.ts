// The nonce of the page being rendered on the server (entry.server.tsx), for
// the inline scripts the Content-Security-Policy must let run. In the browser
// there is none: a hydrated page adds no inline scripts.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
