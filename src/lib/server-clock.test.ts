import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clockOffsetMs, onClockOffsetChange, recordClockSample, resetClockSamples, syncClock } from "./server-clock";
import type { LiveSocket } from "./socket";

beforeEach(() => resetClockSamples());

describe("the server clock offset", () => {
  it("takes the midpoint of a round trip", () => {
    recordClockSample(1000, 1100, 6050);
    expect(clockOffsetMs()).toBe(5000);
  });

  it("keeps the sample with the lowest round trip", () => {
    recordClockSample(1000, 1020, 6010); // rtt 20: offset 5000
    recordClockSample(2000, 2400, 7600); // rtt 400: ignored though its offset differs
    expect(clockOffsetMs()).toBe(5000);
    recordClockSample(3000, 3010, 7905); // rtt 10: offset 4900
    expect(clockOffsetMs()).toBe(4900);
  });
});

/**
 * A socket whose `clock:sync` answers each take a round trip (ms, on a fake clock) and read the server's clock some ms
 * ahead of this device's at its midpoint (`[roundTripMs, aheadMs]`); `null` is a sample that gets no answer.
 */
function socketAnswering(answersIn: ([number, number] | null)[]): LiveSocket {
  const answers = [...answersIn];
  const socket = {
    timeout: () => ({
      emitWithAck: async () => {
        const answer = answers.shift();
        if (!answer) throw new Error("operation has timed out");
        const [roundTripMs, aheadMs] = answer;
        vi.advanceTimersByTime(roundTripMs / 2);
        const serverNow = Date.now() + aheadMs;
        vi.advanceTimersByTime(roundTripMs / 2);
        return { data: { serverNow } };
      },
    }),
  };
  // Only `timeout(ms).emitWithAck` is what syncClock calls; the rest of a socket.io client is not needed here.
  return socket as unknown as LiveSocket;
}

describe("a clock sync run", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    recordClockSample(0, 0, 0); // offset back to zero, as a fresh page has it
    resetClockSamples();
  });
  afterEach(() => vi.useRealTimers());

  it("tells the listeners after its first sample and once more at its end, however many samples moved the estimate", async () => {
    const heard: number[] = [];
    const stop = onClockOffsetChange(() => heard.push(clockOffsetMs()));
    // Each round trip shorter than the one before, each reading a little different: every sample moves the estimate.
    await syncClock(
      socketAnswering([
        [50, 30_004],
        [40, 30_003],
        [30, 30_002],
        [20, 30_001],
        [10, 30_000],
      ]),
      5,
    );
    stop();
    expect(clockOffsetMs()).toBe(30_000);
    expect(heard).toEqual([30_004, 30_000]);
  });

  it("tells them once when the later samples do not move the estimate, and not at all when nothing moved it", async () => {
    const heard: number[] = [];
    const stop = onClockOffsetChange(() => heard.push(clockOffsetMs()));
    await syncClock(
      socketAnswering([
        [10, 2_000],
        [20, 2_500],
        [30, 1_500],
        [40, 2_200],
        [50, 1_900],
      ]),
      5,
    );
    expect(heard).toEqual([2_000]);
    resetClockSamples();
    await syncClock(
      socketAnswering([
        [10, 2_000],
        [10, 2_000],
        [10, 2_000],
      ]),
      3,
    );
    stop();
    expect(heard).toEqual([2_000]);
  });

  it("keeps what it sampled when a later sample gets no answer, and tells the listeners of it", async () => {
    const heard: number[] = [];
    const stop = onClockOffsetChange(() => heard.push(clockOffsetMs()));
    await syncClock(socketAnswering([[40, 5_010], [20, 5_000], null]), 5);
    stop();
    expect(clockOffsetMs()).toBe(5_000);
    expect(heard).toEqual([5_010, 5_000]);
  });
});
