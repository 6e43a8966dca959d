// What other features use of the auctions feature: following one auction's live feed (the back office's auction
// page refreshes from it), through the one socket client the bidder pages use.
export { follow as followLiveAuctions } from "./live/live-auctions";
// The lifecycle machine's chunk, which the page's first render waits for (src/main.tsx, decision 042).
export { loadLifecycleActors } from "./live/use-auction-lifecycle";
