// A stand-in for src/lib/socket.ts in component tests that need no live feed: never connected, so commands go over
// REST as they do while the socket is down. `vi.mock("…/lib/socket", () => import("…/tests/support/no-socket"))`.
export const isSocketConnected = () => false;
export const loadSocket = () => Promise.reject(new Error("no socket in this test"));
export const onSocket = () => () => undefined;
export const useLiveStatus = () => "connected";
export const withSocket = () => undefined;
