// A switch to manual bids only tells each bidder whose auto-bid it removed (decision 111): live on their sockets,
// whatever page they are on, and by e-mail in their language. A bidder without an auto-bid there hears nothing of it.
import { describe, expect, it } from "vitest";
import { AuctionState, AutoBidRemoved } from "../../contract";
import { mailsTo } from "../support/client";
import { createAuction } from "../support/fixtures";
import { liveServer } from "../support/live-server";
import { operatorClient } from "../support/scene";
import type { LiveClient } from "../support/socket";

const live = liveServer({ ipPrefix: "10.74.0" });

/** Every event `socket` hears from now on, in order. */
function heard(socket: LiveClient) {
  const events: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return events;
}

describe("switching an auction to manual bids only", () => {
  it("tells the bidder whose auto-bid it removed, live and by e-mail in their language, and no one else", async () => {
    const auctionId = await createAuction(live.server.database.db, new Date(), { entryFeeCents: 0, title: "Desk lamp" });
    const anna = await live.bidder(1_000, { language: "lv" });
    const otto = await live.bidder(1_000);
    for (const bidder of [anna, otto]) expect((await bidder.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
    expect((await anna.client.put(`/api/auctions/${auctionId}/auto-bid`, { maxPriceCents: 200 })).status).toBe(200);
    // Otto follows the auction's page; Anna is elsewhere (her own room hears her notices on any page).
    expect(await otto.socket.timeout(5000).emitWithAck("auction:subscribe", { auctionId })).toHaveProperty("data");
    const [annaHeard, ottoHeard] = [heard(anna.socket), heard(otto.socket)];

    const { client: operator } = await operatorClient(live.server, live.nextIp());
    expect((await operator.post(`/api/operator/auctions/${auctionId}/manual-only`, {})).status).toBe(200);

    await expect.poll(() => annaHeard.filter((one) => one.event === "auction:auto-bid-removed").length).toBe(1);
    const notice = AutoBidRemoved.parse(annaHeard.find((one) => one.event === "auction:auto-bid-removed")?.payload);
    expect(notice).toEqual({ auctionId, title: "Desk lamp" });
    // The notice is sent before the auction's new state is read, on the same connection: once Otto has the state, a
    // notice meant for him would have come first.
    await expect
      .poll(() => ottoHeard.some((one) => one.event === "auction:updated" && AuctionState.parse(one.payload).manualOnly))
      .toBe(true);
    expect(ottoHeard.map((one) => one.event)).not.toContain("auction:auto-bid-removed");

    await expect
      .poll(async () => (await mailsTo(live.server.url, anna.body.email)).map((mail) => mail.subject))
      .toContain("Tava automātiskā solīšana izsolē Desk lamp ir noņemta");
    expect((await mailsTo(live.server.url, otto.body.email)).map((mail) => mail.subject)).not.toContain(
      "Your auto-bid on Desk lamp was removed",
    );
  });
});
