// When the dev panel shows (decision 080): only a server outside production offers it, which it says by a cookie on
// its answers (the SPA asks nothing), and only to a tester who asked for it with `?devtools` in the address. The ask
// is remembered in this browser until `?devtools=off` or the panel's Hide.
import { DEV_TOOLS_COOKIE, DEV_TOOLS_OFFERED } from "../../../contract/constants";
import { createStore, useStore } from "../../lib/create-store";
import { readStored, removeStored, writeStored } from "../../lib/storage";
import { useUser } from "../auth";

/** The address's parameter that asks for the panel (`?devtools`), or takes the ask back (`?devtools=off`). */
export const ASK_PARAM = "devtools";
/** Where the browser remembers the ask. */
export const ASK_STORAGE_KEY = "devTools";

/** What the address says: true asks for the panel, false takes the ask back, null says nothing. */
export function askInAddress(search: string): boolean | null {
  const params = new URLSearchParams(search);
  if (!params.has(ASK_PARAM)) return null;
  return params.get(ASK_PARAM) !== "off";
}

/** Whether the server's cookie offers the panel: `document.cookie`'s text, as the browser writes it. */
export function isOfferedByServer(cookies: string): boolean {
  return cookies.split(/;\s*/).includes(`${DEV_TOOLS_COOKIE}=${DEV_TOOLS_OFFERED}`);
}

/** What this page's address said (see `askInAddress`); null leaves it to what the browser remembers. */
const pageAsk = createStore<boolean | null>(null);

/** Takes the ask from a page's address, and remembers it or forgets it for the pages after. */
export function takeAskFrom(search: string): void {
  const ask = askInAddress(search);
  if (ask === true) writeStored(ASK_STORAGE_KEY, "yes");
  if (ask === false) removeStored(ASK_STORAGE_KEY);
  pageAsk.set(ask);
}

/** The panel's Hide: forgets the ask, so the panel is gone until the next `?devtools`. */
export function forgetAsk(): void {
  removeStored(ASK_STORAGE_KEY);
  pageAsk.set(false);
}

// The address the page was opened at, read once as the app starts (before its first render, so no store changes under
// a hydration, decision 061): a tester asks by opening a page with `?devtools`.
if (typeof window !== "undefined") takeAskFrom(window.location.search);

/**
 * The visibility rule. The cookie is read once the user's answer has come, so it is this server's: a non-production
 * server has renewed it by then, a production server has cleared one left from an earlier run on the same address.
 */
export function useIsDevToolsShown(): boolean {
  const { data: user } = useUser();
  const askedHere = useStore(pageAsk, (ask) => ask, null);
  if (user === undefined) return false;
  // Without storage (private mode) an ask in the address still holds for its page.
  const isAsked = askedHere ?? readStored(ASK_STORAGE_KEY) === "yes";
  return isAsked && isOfferedByServer(document.cookie);
}
