// The bid sound (howler), played when a new bid arrives on a shown auction and the setting is on; and the outbid
// alert: the same chime lower and louder, with a short vibration where the device has one. Howler sets itself up
// (an audio element, a probe of every codec) when its module runs: it loads with the first sound played, not with the
// auction's page (decision 116).
import type { Howl } from "howler";
import { useEffect, useRef } from "react";
import { isBidSoundOn, useBidSound } from "../settings";

let chime: Promise<Howl> | undefined;
let outbidChime: Promise<Howl> | undefined;

const loadChime = (options: { volume: number; rate?: number }) =>
  import("howler").then(({ Howl }) => new Howl({ src: ["/sounds/bid.wav"], ...options }));

export function usePlayOnNewBid(bidCount: number | undefined): void {
  const [isOn] = useBidSound();
  const previous = useRef(bidCount);
  useEffect(() => {
    const hadBids = previous.current;
    previous.current = bidCount;
    if (!isOn || hadBids === undefined || bidCount === undefined || bidCount <= hadBids) return;
    chime ??= loadChime({ volume: 0.5 });
    void chime.then((sound) => sound.play());
  }, [bidCount, isOn]);
}

/** The moment another bidder takes the lead: heard if the bid sound is on, felt wherever vibration exists. */
export function alertOutbid(): void {
  if (isBidSoundOn()) {
    outbidChime ??= loadChime({ volume: 0.9, rate: 0.7 });
    void outbidChime.then((sound) => sound.play());
  }
  if (typeof navigator !== "undefined" && typeof navigator.vibrate === "function") navigator.vibrate([120, 60, 120]);
}
