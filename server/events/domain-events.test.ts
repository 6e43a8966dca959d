import { describe, expect, it, vi } from "vitest";
import { createDomainEvents } from "./domain-events";

const quietLog = () => ({ error: vi.fn() });

describe("the domain events", () => {
  it("hands an event to each of its subscribers, and to no subscriber of another event", async () => {
    const events = createDomainEvents(quietLog());
    const heard: string[] = [];
    events.subscribe("wallet:changed", ({ userId }) => void heard.push(`wallet ${userId}`));
    events.subscribe("wallet:changed", ({ userId }) => void heard.push(`again ${userId}`));
    events.subscribe("auto-bid:changed", ({ auctionId }) => void heard.push(`auto-bid ${auctionId}`));
    await events.publish("wallet:changed", { userId: "u1" });
    expect(heard).toEqual(["wallet u1", "again u1"]);
  });

  it("resolves once the subscribers are done, those that publish further events included", async () => {
    const events = createDomainEvents(quietLog());
    const heard: number[] = [];
    events.subscribe("auctions:changed", async ({ auctionIds }) => {
      await new Promise((resolve) => setImmediate(resolve));
      await events.publish("auto-bid:changed", { auctionId: auctionIds[0]! });
    });
    events.subscribe("auto-bid:changed", async ({ auctionId }) => {
      await new Promise((resolve) => setImmediate(resolve));
      heard.push(auctionId);
    });
    await events.publish("auctions:changed", { auctionIds: [7] });
    expect(heard).toEqual([7]);
  });

  it("never fails its publisher: a subscriber's failure is logged and the others still hear", async () => {
    const log = quietLog();
    const events = createDomainEvents(log);
    const heard: string[] = [];
    events.subscribe("wallet:changed", () => {
      throw new Error("broker down");
    });
    events.subscribe("wallet:changed", async () => Promise.reject(new Error("read failed")));
    events.subscribe("wallet:changed", ({ userId }) => void heard.push(userId));
    await expect(events.publish("wallet:changed", { userId: "u2" })).resolves.toBeUndefined();
    expect(heard).toEqual(["u2"]);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ event: "wallet:changed", payload: { userId: "u2" } }),
      expect.stringContaining("wallet:changed"),
    );
  });

  it("publishes to nobody when nothing subscribed", async () => {
    await expect(createDomainEvents(quietLog()).publish("purchases:changed", { purchaseIds: [1] })).resolves.toBeUndefined();
  });
});
