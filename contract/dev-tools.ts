// GET /dev/tools.json and the dev mailbox's query: answered only outside production. The SPA is one build for every environment, so it asks
// this at run time before it offers (and downloads) the dev panel.
import { z } from "./zod";
import { text } from "./input";

export const DevToolsStatus = z.object({ devTools: z.literal(true) });
export type DevToolsStatus = z.infer<typeof DevToolsStatus>;

/** GET /dev/mailbox.json?to=…: the outbox, or one address's mails. */
export const MailboxQuery = z.object({ to: text().max(255).optional() });
