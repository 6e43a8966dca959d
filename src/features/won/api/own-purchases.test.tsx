// The won page's Buy it now purchases follow live: a step on one (buyNow:updated, a newer version) replaces it in place
// with the title it was read with; a purchase the list does not hold yet (just bought elsewhere) reads the list again.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MockSocketIoServer } from "../../../../tests/support/mock-socket-io";
import { server as api, won } from "../../../../tests/support/msw";
import { buyNowPurchase } from "../../../../tests/support/spa-fixtures";
import { useOwnPurchases } from "./own-purchases";

vi.mock("socket.io-client", async () => (await import("../../../../tests/support/mock-socket-io")).socketIoClientOnMockSocket());
vi.mock("../../auth", () => ({ useUser: () => ({ data: { isAuthenticated: true } }) }));

const socketServer = new MockSocketIoServer();

beforeAll(() => void socketServer.start());
afterAll(() => {
  socketServer.stop();
  vi.unstubAllGlobals();
});

describe("the won page's purchases", () => {
  it("take a step in place, keep the title read in the page's language, and read the list again for one they lack", async () => {
    const other = buyNowPurchase({ purchaseId: 5, auctionId: 11, title: "Tosteris" });
    let items = [buyNowPurchase(), other];
    let reads = 0;
    api.use(won.purchases(() => (reads++, items)));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useOwnPurchases().data?.pages.flatMap((page) => page.items), { wrapper });
    // The first read, and the one every connect makes.
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(result.current).toHaveLength(2));

    socketServer.broadcast(
      "buyNow:updated",
      buyNowPurchase({ title: "Coffee grinder", state: "InDelivery", inDeliveryAt: "2030-01-02T10:00:00.000Z", version: 1 }),
    );
    await waitFor(() => expect(result.current?.[0]).toMatchObject({ state: "InDelivery", title: "Kafijas dzirnaviņas", version: 1 }));
    // An older version that arrives late changes nothing: the other purchase's step, sent after it, arrives after it.
    socketServer.broadcast("buyNow:updated", buyNowPurchase({ version: 0 }));
    socketServer.broadcast("buyNow:updated", { ...other, state: "InDelivery", version: 1 });
    await waitFor(() => expect(result.current?.[1]).toMatchObject({ state: "InDelivery", version: 1 }));
    expect(result.current?.[0]).toMatchObject({ state: "InDelivery", version: 1 });
    expect(reads).toBe(2);

    items = [buyNowPurchase({ purchaseId: 4, auctionId: 10, title: "Tējkanna" }), ...items];
    socketServer.broadcast("buyNow:updated", items[0]);
    await waitFor(() => expect(result.current?.map((item) => item.purchaseId)).toEqual([4, 3, 5]));
    expect(reads).toBe(3);
  });
});
