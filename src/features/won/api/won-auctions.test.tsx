// The won list catches up when the socket connects, the first time too: the list may have been read before the
// socket was in the user's room, and a change in between (paid, sent) would otherwise never show.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { wonAuction } from "../../../../tests/support/spa-fixtures";
import { MockSocketIoServer } from "../../../../tests/support/mock-socket-io";
import { server as api, won } from "../../../../tests/support/msw";
import { useWonAuctions } from "./won-auctions";

vi.mock("socket.io-client", async () => (await import("../../../../tests/support/mock-socket-io")).socketIoClientOnMockSocket());
vi.mock("../../auth", () => ({ useUser: () => ({ data: { isAuthenticated: true } }) }));

const socketServer = new MockSocketIoServer();

beforeAll(() => void socketServer.start());
afterAll(() => {
  socketServer.stop();
  vi.unstubAllGlobals();
});

describe("the won auctions' list", () => {
  it("is read again once the socket has connected, and shows what changed since the first read", async () => {
    // The first read still says the payment was received; the fulfilment is sent before the socket is in the user's room.
    const answers = [wonAuction({ state: "PaymentReceived", version: 1 }), wonAuction({ state: "InDelivery", version: 2 })];
    let reads = 0;
    api.use(won.wonAuctions(() => [answers[Math.min(reads++, 1)]!]));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useWonAuctions().data, { wrapper });

    await waitFor(() => expect(result.current?.items[0]?.state).toBe("InDelivery"));
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
