import { afterEach, describe, expect, it, vi } from "vitest";
import { setBidSoundOn } from "../settings";
import { alertOutbid } from "./bid-sound-player";

const played = vi.hoisted(() => vi.fn());
vi.mock("howler", () => ({
  Howl: class {
    play = played;
  },
}));

afterEach(() => {
  played.mockClear();
  window.localStorage.clear();
  Reflect.deleteProperty(navigator, "vibrate");
});

describe("the outbid alert", () => {
  it("sounds when the bid sound is on and vibrates where the device can", async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
    setBidSoundOn(true);
    alertOutbid();
    expect(vibrate).toHaveBeenCalledOnce();
    // Howler loads with the first sound played.
    await vi.waitFor(() => expect(played).toHaveBeenCalledOnce());
  });

  it("stays silent when the bid sound is off, and still vibrates", () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
    setBidSoundOn(false);
    alertOutbid();
    expect(played).not.toHaveBeenCalled();
    expect(vibrate).toHaveBeenCalledOnce();
  });

  it("does without vibration on a device that has none", async () => {
    Reflect.deleteProperty(navigator, "vibrate");
    expect(() => alertOutbid()).not.toThrow();
    await vi.waitFor(() => expect(played).toHaveBeenCalledOnce());
  });
});
