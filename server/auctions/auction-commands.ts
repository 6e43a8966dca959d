// Enrol and bid as the outside world asks for them (REST or socket): the engine decides, then its events tell
// everyone watching (decision 105). Handlers stay thin and the two transports cannot drift apart.
import type { BidResponse, EnrolResponse } from "../../contract";
import type { Database } from "../db/database";
import type { DomainEvents } from "../events/domain-events";
import { Refusal } from "../refusal";
import { bidsTotal } from "../metrics/metrics";
import type { WinLimits } from "./enrolment-rules";
import { autoBidRound, enrol, enrolmentEligibility, placeBid, setAutoBid, type EnrolResult, type PlacedBid } from "./engine";

export type AuctionCommands = {
  enrol(userId: string, auctionId: number): Promise<EnrolResult>;
  /** What enrolling would answer now: null, or the refusal (the auction page shows it before the bidder tries). */
  eligibility(userId: string, auctionId: number): Promise<Refusal | null>;
  /** With the session it came in, checked in the bid's own statement (a socket's: sign-out may not have reached it). */
  bid(userId: string, auctionId: number, sessionIdHash?: string | null): Promise<PlacedBid>;
  setAutoBid(userId: string, auctionId: number, maxPriceCents: number | null): Promise<void>;
  /** One round of auto-bids (the lifecycle runs it every tick); tells what moved. */
  runAutoBids(): Promise<void>;
};

/** What the bidder hears back after enrolling, on either transport (SPEC.md shows the balance in euros). */
export const enrolAnswer = (result: EnrolResult): EnrolResponse => ({
  feeCents: result.feeCents,
  balance: result.balanceCents === null ? null : result.balanceCents / 100,
});

/** What the bidder hears back after a bid, on either transport. */
export const bidAnswer = (bid: PlacedBid): BidResponse => ({
  priceCents: bid.priceCents,
  endsAt: bid.endsAt.toISOString(),
  hasEnded: bid.hasEnded,
});

export function createAuctionCommands(db: Database, clock: () => Date, events: DomainEvents, winLimits: WinLimits): AuctionCommands {
  return {
    async enrol(userId, auctionId) {
      const result = await enrol(db, userId, auctionId, clock(), winLimits);
      // Committed: the bidder hears so at once; the events (which never fail their publisher) follow.
      void events.publish("auctions:changed", { auctionIds: [auctionId] });
      void events.publish("wallet:changed", { userId });
      return result;
    },
    async eligibility(userId, auctionId) {
      return enrolmentEligibility(db, userId, auctionId, clock(), winLimits);
    },
    async bid(userId, auctionId, sessionIdHash) {
      const bid = await placeBid(db, userId, auctionId, clock(), { sessionIdHash }).catch((error: unknown) => {
        bidsTotal.inc({ outcome: error instanceof Refusal ? error.code : "BID_FAILED" });
        throw error;
      });
      bidsTotal.inc({ outcome: "accepted" });
      // The bid is committed: the bidder hears so at once, while the new state it returned goes out to the
      // watchers (the bidder's page among them; its sequence number puts it in order).
      void events.publish("auctions:states", { states: [bid.state] });
      void events.publish("bids:outbid", { bids: [bid] });
      return bid;
    },
    async setAutoBid(userId, auctionId, maxPriceCents) {
      await setAutoBid(db, userId, auctionId, maxPriceCents, clock());
      // Only the operators hear of it: the bidders' feed never tells who set an auto-bid.
      void events.publish("auto-bid:changed", { auctionId });
    },
    async runAutoBids() {
      const placed = await autoBidRound(db, clock());
      if (placed.length === 0) return;
      await events.publish("auctions:states", { states: placed.map((bid) => bid.state) });
      await events.publish("bids:outbid", { bids: placed });
    },
  };
}
