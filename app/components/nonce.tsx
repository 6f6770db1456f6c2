import { createContext, useContext } from "react";

/**
 * The response's CSP nonce (set by server.mjs, handed over in app/entry.server.tsx). Only the server
 * render has it: browsers hide a nonce from the page, and scripts added after hydration are trusted
 * through 'strict-dynamic'.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
