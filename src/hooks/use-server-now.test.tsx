import type { ReactNode } from "react";
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

// Decision 061: the browser hydrates the server's drawing of the first screen. Its countdowns must show the moment the
// page was drawn (or React would find other text and draw the page again), and subscribing must find that same time
// (or every countdown would render again, at once, inside the commit's task).
it("a hydration shows the moment the page was drawn; subscribing renders nothing again, and the catch-up moves it on in a task of its own", async () => {
  const { act, startTransition, useEffect } = await import("react");
  const { hydrateRoot } = await import("react-dom/client");
  const { holdDrawing } = await import("../lib/first-screen-moment");
  const { useServerNow } = await import("./use-server-now");
  const renders: number[] = [];
  function Clock() {
    const nowMs = useServerNow();
    renders.push(nowMs);
    return <p>{nowMs}</p>;
  }
  // As src/main.tsx does: the drawing's moment is let go once the first commit's effects have run.
  function LetGo({ children }: { children: ReactNode }) {
    useEffect(() => holdDrawing(undefined), []);
    return children;
  }
  const drawnAtMs = Date.parse("2026-11-25T10:05:00Z");
  holdDrawing(drawnAtMs);
  const markup = renderToString(
    <>
      <Clock />
      <Clock />
    </>,
  );
  holdDrawing(undefined);
  expect(markup).toContain(String(drawnAtMs));
  renders.length = 0;

  // The page arrives, and its scripts run, three seconds after it was drawn.
  vi.setSystemTime(drawnAtMs + 3000);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  container.innerHTML = markup;
  const drawnParagraph = container.querySelector("p");
  const mismatches: unknown[] = [];
  holdDrawing(drawnAtMs);
  const root = await act(async () => {
    let hydrated: ReturnType<typeof hydrateRoot> | undefined;
    startTransition(() => {
      hydrated = hydrateRoot(
        container,
        <LetGo>
          <Clock />
          <Clock />
        </LetGo>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    return hydrated;
  });
  expect(mismatches).toEqual([]);
  expect(container.querySelector("p")).toBe(drawnParagraph);
  expect(renders).toEqual([drawnAtMs, drawnAtMs]);

  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(renders.slice(2)).toEqual([drawnAtMs + 3000, drawnAtMs + 3000]);
  expect(container.textContent).toBe(`${drawnAtMs + 3000}${drawnAtMs + 3000}`);
  act(() => root?.unmount());
});
