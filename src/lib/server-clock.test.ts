import { beforeEach, describe, expect, it } from "vitest";
import { clockOffsetMs, recordClockSample, resetClockSamples } from "./server-clock";

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
