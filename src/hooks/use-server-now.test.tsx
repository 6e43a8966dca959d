import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-25T10:00:00Z") });
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
});

// The server's renderer of the first screen (decision 045) loads this module once and never subscribes: every page
// it draws must count down from the moment it is drawn.
it("a render that never subscribes shows the time now, not the moment the module loaded", async () => {
  const { useServerNow } = await import("./use-server-now");
  function Clock() {
    return <p>{new Date(useServerNow()).toISOString()}</p>;
  }
  vi.setSystemTime(new Date("2026-11-25T10:05:00Z"));
  expect(renderToString(<Clock />)).toContain("2026-11-25T10:05:00.000Z");
  vi.setSystemTime(new Date("2026-11-25T10:05:07Z"));
  expect(renderToString(<Clock />)).toContain("2026-11-25T10:05:07.000Z");
});

// A first render on a slow phone is a transition taking several frames. If the time moved under it, React would
// render the whole page again, synchronously, to make its reads agree: the long task a phone feels most.
it("a first render reads one time throughout, however long it takes, and React renders it once", async () => {
  const { act, startTransition } = await import("react");
  const { createRoot } = await import("react-dom/client");
  const { useServerNow } = await import("./use-server-now");
  const renders: number[] = [];
  function SlowClock() {
    const nowMs = useServerNow();
    renders.push(nowMs);
    vi.setSystemTime(Date.now() + 400); // longer than a tick
    return <p>{nowMs}</p>;
  }
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  const root = createRoot(container);
  vi.setSystemTime(new Date("2026-11-25T10:05:00Z"));
  await act(async () => {
    startTransition(() =>
      root.render(
        <>
          <SlowClock />
          <SlowClock />
          <SlowClock />
        </>,
      ),
    );
  });
  // Rendered once at the time the render began. Subscribing renders nothing again (the effects of a first commit are a
  // slow phone's long task already); the time is brought up to date in a task of its own, which renders each once more.
  const began = new Date("2026-11-25T10:05:00Z").getTime();
  expect(renders).toEqual([began, began, began]);
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(renders).toHaveLength(6);
  expect(renders.slice(3)).toEqual(Array(3).fill(began + 1200));
  act(() => root.unmount());
});
