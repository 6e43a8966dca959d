// The server clock's ack (`clock:sync`), apart from the other socket events: the page syncs its clock as the socket
// first connects, and this file brings nothing but zod with it (contract/socket.ts brings the auctions', fulfilment's,
// push's and every error's schemas; decision 059).
import { z } from "./zod";

export const ClockSyncAck = z.object({ data: z.object({ serverNow: z.number().int() }) });
export type ClockSyncAck = z.infer<typeof ClockSyncAck>;
