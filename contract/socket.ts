// socket.io events, as zod schemas so both ends parse at run time (socket.io's types are compile-time only).
// Names follow `entity:verb`: commands imperative, broadcasts past tense. Every command acks `{ data } | { error }`.
import { z } from "zod";

export const ClockSyncAck = z.object({ data: z.object({ serverNow: z.number().int() }) });
export type ClockSyncAck = z.infer<typeof ClockSyncAck>;

export interface ClientToServerEvents {
  "clock:sync": (payload: Record<string, never>, ack: (answer: ClockSyncAck) => void) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- broadcasts arrive with the live-auction feed
export interface ServerToClientEvents {}
