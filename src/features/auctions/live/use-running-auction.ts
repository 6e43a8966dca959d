// The running-auction machine of one auction's bidder (machines/running-auction.machine.ts), fed by the live
// auction: the bid control and the page around it read where the bidder stands from this one actor.
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { fromPromise } from "xstate";
import { runningAuctionMachine } from "../../../../machines/running-auction.machine";
import { useDevRegistration } from "../../../lib/dev-machines";
import { placeBid } from "../api/my-auctions";
import { alertOutbid } from "../bid-sound-player";

type Standing = { auctionId: number; isEnrolled: boolean; isWinning: boolean; isRunning: boolean };

export function useRunningAuction({ auctionId, isEnrolled, isWinning, isRunning }: Standing) {
  const actor = useActorRef(
    runningAuctionMachine.provide({
      actors: { placeBid: fromPromise(({ input }) => placeBid(input.auctionId)) },
      actions: { notifyOutbid: alertOutbid },
    }),
    { input: { auctionId, isEnrolled, isWinning, isRunning } },
  );
  useDevRegistration("running-auction", actor);
  useEffect(() => {
    actor.send({ type: "auction.synced", isEnrolled, isWinning, isRunning });
  }, [actor, isEnrolled, isWinning, isRunning]);
  return actor;
}

export type RunningAuctionActor = ReturnType<typeof useRunningAuction>;

export type BidderStanding = "notEnrolled" | "closed" | "open" | "leading" | "outbid";

export function useBidderStanding(actor: RunningAuctionActor): BidderStanding {
  return useSelector(actor, (snapshot) => (snapshot.value as { standing: BidderStanding }).standing);
}
