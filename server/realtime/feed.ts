// The live feed: after any change, the auction's whole state goes to those who watch it (its own room and
// the room of its status list). The wallet's balance goes to its owner's sockets, and a won auction's fulfilment to
// its winner's (when the auction ends and at every step after). A bid that takes the lead tells the bidder it took
// it from, on all their sockets, whatever page they are on.
// Publishing follows a commit, so it never fails the caller: a failure is logged, and clients catch up with the next
// update of that auction or their resync after a reconnect (a newer `seq` or `version` replaces whatever they missed).
import type { FastifyBaseLogger } from "fastify";
import type { AuctionStatus } from "../../contract";
import type { PlacedBid } from "../auctions/engine";
import type { Database } from "../db/database";
import { auctionStates } from "../auctions/auctions.queries";
import { fulfilmentsOf } from "../fulfilment/fulfilment.queries";
import { balanceCents } from "../wallet/wallet.service";
import { rooms } from "./rooms";
import type { RealtimeServer } from "./socket";

/** The status lists an update reaches: after a status change the card leaves one list and joins the next. */
const LISTS_REACHED: Partial<Record<AuctionStatus, AuctionStatus[]>> = {
  Running: ["Waiting", "Running"],
  Ended: ["Running", "Ended"],
  Canceled: ["Waiting"],
};

/** Every method resolves, never rejects: what was committed stays a success whatever the broadcast does. */
export type AuctionFeed = {
  publishAuctions(ids: number[]): Promise<void>;
  publishWallet(userId: string): Promise<void>;
  publishFulfilments(auctionIds: number[]): Promise<void>;
  /** `auction:outbid` to the bidder each bid took the lead from (none for an auction's first bid). */
  publishOutbid(bids: Pick<PlacedBid, "auctionId" | "title" | "priceCents" | "bidderId" | "outbidUserId">[]): Promise<void>;
};

export function createAuctionFeed(io: RealtimeServer, db: Database, log: Pick<FastifyBaseLogger, "error">): AuctionFeed {
  const feed: AuctionFeed = {
    async publishAuctions(ids) {
      const states = await auctionStates(db, [...new Set(ids)], ["Waiting", "Running", "Ended", "Canceled"]);
      for (const state of states) {
        const lists = LISTS_REACHED[state.status] ?? [state.status];
        io.to([rooms.auction(state.id), ...lists.map(rooms.status)]).emit("auction:updated", state);
      }
      const ended = states.filter((state) => state.status === "Ended").map((state) => state.id);
      if (ended.length > 0) await feed.publishFulfilments(ended);
    },
    async publishWallet(userId) {
      io.to(rooms.user(userId)).emit("wallet:updated", { balance: (await balanceCents(db, userId)) / 100 });
    },
    async publishFulfilments(auctionIds) {
      for (const { winnerId, winnerEmail: _email, winnerDisplayName: _name, ...wonAuction } of await fulfilmentsOf(db, [...new Set(auctionIds)])) {
        io.to(rooms.user(winnerId)).emit("fulfilment:updated", wonAuction);
      }
    },
    async publishOutbid(bids) {
      const taken = bids.filter((bid) => bid.outbidUserId !== null && bid.outbidUserId !== bid.bidderId);
      if (taken.length === 0) return;
      const names = new Map(
        (
          await db.query<{ id: string; display_name: string }>("select id, display_name from users where id = any($1::uuid[])", [
            [...new Set(taken.map((bid) => bid.bidderId))],
          ])
        ).map((row) => [row.id, row.display_name]),
      );
      for (const { auctionId, title, priceCents, bidderId, outbidUserId } of taken) {
        if (outbidUserId === null) continue;
        io.to(rooms.user(outbidUserId)).emit("auction:outbid", { auctionId, title, priceCents, leaderName: names.get(bidderId) ?? "" });
      }
    },
  };
  const logged =
    <A extends unknown[]>(what: string, publish: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      try {
        await publish(...args);
      } catch (error) {
        log.error({ err: error, args }, `publishing ${what} failed; clients catch up on the next update`);
      }
    };
  return {
    publishAuctions: logged("auctions", feed.publishAuctions),
    publishWallet: logged("a wallet", feed.publishWallet),
    publishFulfilments: logged("fulfilments", feed.publishFulfilments),
    publishOutbid: logged("outbid notices", feed.publishOutbid),
  };
}
