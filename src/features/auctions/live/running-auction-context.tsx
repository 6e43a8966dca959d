// The running-auction machine of one auction's bidder (machines/running-auction.machine.ts), fed by the live auction
// and the phase of its lifecycle actor: the auction's page provides it, and the bid panel and the slide control read
// it here (`useSelector`, tags) and only send it events.
import { createActorContext } from "@xstate/react";
import { useEffect, type ReactNode } from "react";
import { fromPromise } from "xstate";
import { runningAuctionMachine, type RunningAuctionInput, type RunningAuctionTag } from "../../../../machines/running-auction.machine";
import { useDevRegistration } from "../../../lib/dev-machines";
import { placeBid } from "../api/my-auctions";
import { alertOutbid } from "../bid-sound-player";

/** The machine with the page's side effects: the bid goes to the server; being outbid is heard and felt. */
export const liveRunningAuction = runningAuctionMachine.provide({
  actors: { placeBid: fromPromise(({ input }) => placeBid(input.auctionId)) },
  actions: { notifyOutbid: alertOutbid },
});

export const RunningAuction = createActorContext(runningAuctionMachine);

type ProviderProps = RunningAuctionInput & {
  children: ReactNode;
  /** The machine with its side effects: the live one unless a test provides its own. */
  logic?: typeof liveRunningAuction;
};

/** One actor for one auction: give it a `key` of the auction's id, so another auction gets an actor of its own. */
export function RunningAuctionProvider({ children, logic = liveRunningAuction, ...input }: ProviderProps) {
  return (
    <RunningAuction.Provider logic={logic} options={{ input }}>
      <FollowAuction {...input} />
      {children}
    </RunningAuction.Provider>
  );
}

/** Tells the actor each new state of the auction, who leads it and who the bidder is; lists it in the dev panel. */
function FollowAuction({ phase, isEnrolled, bidderId, leaderId }: RunningAuctionInput) {
  const actor = RunningAuction.useActorRef();
  useDevRegistration("running-auction", actor);
  useEffect(() => {
    actor.send({ type: "auction.synced", phase, isEnrolled, bidderId, leaderId });
  }, [actor, phase, isEnrolled, bidderId, leaderId]);
  return null;
}

export type BidderStanding = "notEnrolled" | "closed" | "open" | "leading" | "outbid";
const standings: readonly BidderStanding[] = ["notEnrolled", "closed", "open", "leading", "outbid"];

export function useBidderStanding(): BidderStanding {
  return RunningAuction.useSelector((snapshot) => standings.find((standing) => snapshot.matches({ standing })) ?? "open");
}

/** Whether the machine's state has `tag`: where the bidder stands (`leading`, `outbid`), a bid `busy`, and so on. */
export function useRunningAuctionTag(tag: RunningAuctionTag): boolean {
  return RunningAuction.useSelector((snapshot) => snapshot.hasTag(tag));
}

/** Whether the slide control is there: the bidder is enrolled and the server has the auction Running (or closing). */
export function useIsSlidable(): boolean {
  return RunningAuction.useSelector((snapshot) => snapshot.hasTag("slidable"));
}

/** Whether a bid is on its way or its result is being shown: said even once the auction has ended meanwhile. */
export function useHasBidNews(): boolean {
  return RunningAuction.useSelector((snapshot) => snapshot.hasTag("busy") || snapshot.hasTag("notice"));
}
