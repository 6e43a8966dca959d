// What the domains tell each other once a change is committed (decision 105): each domain publishes its own events
// here, and whatever follows from them subscribes (the live feed of each domain, Web Push). The publisher knows none of
// its subscribers, so no domain imports another to tell it something, and server/realtime imports no domain at all.
import type { FastifyBaseLogger } from "fastify";
import type { AuctionState } from "../../contract";

/** A bid that took the lead: the bidder it took it from (none for an auction's first bid) hears, live and by push. */
export type OutbidNotice = {
  auctionId: number;
  title: string;
  priceCents: number;
  bidderId: string;
  bidderName: string;
  outbidUserId: string | null;
  /** Whether that bidder has a device subscribed to push notices. */
  outbidHasPush: boolean;
};

export type DomainEventMap = {
  /** Auctions whose public state changed (an enrolment, a start or an end, an operator's change): read anew. */
  "auctions:changed": { auctionIds: number[] };
  /** Auctions' new states, as a bid committed them or as read after `auctions:changed`. */
  "auctions:states": { states: AuctionState[] };
  /** A user's balance changed. */
  "wallet:changed": { userId: string };
  /** Won auctions' fulfilments changed (paid, sent, delivered, expired). */
  "fulfilments:changed": { auctionIds: number[] };
  /** Buy it now purchases changed (bought, and every step after). */
  "purchases:changed": { purchaseIds: number[] };
  /** Bids that took the lead from someone. */
  "bids:outbid": { bids: OutbidNotice[] };
  /** A bidder set, changed or stopped an auto-bid on the auction (only the operators hear of it). */
  "auto-bid:changed": { auctionId: number };
  /** An operator made the auction manual-only: these bidders' auto-bids in it were removed (decision 111). */
  "auto-bids:removed": { auctionId: number; title: string; userIds: string[] };
};

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEventMap[E]) => Promise<void> | void;

export type DomainEvents = {
  /**
   * Hands the event to its subscribers and resolves once they are done. Never rejects: the change was committed, so a
   * subscriber's failure is logged and the caller's success stands (clients catch up on the next update).
   */
  publish<E extends DomainEventName>(event: E, payload: DomainEventMap[E]): Promise<void>;
  subscribe<E extends DomainEventName>(event: E, handler: DomainEventHandler<E>): void;
};

export function createDomainEvents(log: Pick<FastifyBaseLogger, "error">): DomainEvents {
  const handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();
  return {
    async publish(event, payload) {
      const subscribed = (handlers.get(event) ?? []) as DomainEventHandler<typeof event>[];
      await Promise.all(
        subscribed.map(async (handle) => {
          try {
            await handle(payload);
          } catch (error) {
            log.error({ err: error, event, payload }, `a subscriber of ${event} failed; clients catch up on the next update`);
          }
        }),
      );
    },
    subscribe(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler as DomainEventHandler<never>]);
    },
  };
}
