// Web Push wiring (decision 035): pages report their visibility on their socket, and on the processes that run the
// lifecycle a job scans for notices and retries the outbox every second. Pushes for bids go out from the process
// whose bid took the lead, at once: push subscribes to the auctions' `bids:outbid` (decision 105).
import { commandPayloads } from "../../contract";
import type { DomainEvents } from "../events/domain-events";
import { rooms } from "../realtime/rooms";
import { commandAnswerer, type LiveSocket } from "../realtime/socket";
import { startRepeating } from "../jobs/repeating";
import { createPush, type Push, type PushOptions } from "./push.service";

export { pushRoutes } from "./push.routes";
export type { Push } from "./push.service";

export const PUSH_JOB_INTERVAL_MS = 1000;

export function startPush(
  options: PushOptions & { events: DomainEvents; clock: () => Date; runsJob: boolean; intervalMs?: number },
): Push & { stop: () => Promise<void> } {
  const push = createPush(options);
  // Not awaited: the bid's publisher does not wait for push services (push.outbid never rejects).
  options.events.subscribe("bids:outbid", ({ bids }) => void push.outbid(bids));
  // A switch to manual bids only tells the bidders whose auto-bids it removed by e-mail too (decision 111).
  options.events.subscribe("auto-bids:removed", ({ auctionId, userIds }) => void push.autoBidsRemoved({ auctionId, userIds }));
  const answer = commandAnswerer(options.log);
  options.io.on("connection", (socket: LiveSocket) => {
    socket.on("page:visibility", (payload, ack) =>
      answer(ack, commandPayloads["page:visibility"], payload, async ({ visible }) => {
        const { user } = socket.data;
        if (user) await (visible ? socket.join(rooms.visible(user.id)) : socket.leave(rooms.visible(user.id)));
        return { ok: true as const };
      }),
    );
  });
  if (!options.runsJob) return { ...push, stop: async () => undefined };

  const job = startRepeating({
    name: "push",
    intervalMs: options.intervalMs ?? PUSH_JOB_INTERVAL_MS,
    onError: (error) => options.log.error({ err: error }, "push job failed"),
    round: async () => {
      await push.scan(options.clock());
      await push.drain();
    },
  });
  return { ...push, stop: job.stop };
}
