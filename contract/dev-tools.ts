// The dev tools' wire, outside production only: the cookie that offers the dev panel (decision 080) and the dev
// mailbox's query.
import { z } from "./zod";
import { text } from "./input";

export { DEV_TOOLS_COOKIE, DEV_TOOLS_OFFERED } from "./constants";

/** GET /dev/mailbox.json?to=…: the outbox, or one address's mails. */
export const MailboxQuery = z.object({ to: text().max(255).optional() });
