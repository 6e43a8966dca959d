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
