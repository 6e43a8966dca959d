// GET /dev/tools.json: answered only outside production. The SPA is one build for every environment, so it asks
// this at run time before it offers (and downloads) the dev panel.
import { z } from "zod";

export const DevToolsStatus = z.object({ devTools: z.literal(true) });
export type DevToolsStatus = z.infer<typeof DevToolsStatus>;
