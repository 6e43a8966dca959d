// The bid sound (howler), played when a new bid arrives on a shown auction and the setting is on; and the outbid
// alert: the same chime lower and louder, with a short vibration where the device has one.
import { Howl } from "howler";
import { useEffect, useRef } from "react";
import { isBidSoundOn, useBidSound } from "../settings";

let chime: Howl | undefined;
let outbidChime: Howl | undefined;

export function usePlayOnNewBid(bidCount: number | undefined): void {
  const [isOn] = useBidSound();
  const previous = useRef(bidCount);
  useEffect(() => {
    const hadBids = previous.current;
    previous.current = bidCount;
    if (!isOn || hadBids === undefined || bidCount === undefined || bidCount <= hadBids) return;
    chime ??= new Howl({ src: ["/sounds/bid.wav"], volume: 0.5 });
    chime.play();
  }, [bidCount, isOn]);
}

/** The moment another bidder takes the lead: heard if the bid sound is on, felt wherever vibration exists. */
export function alertOutbid(): void {
  if (isBidSoundOn()) {
    outbidChime ??= new Howl({ src: ["/sounds/bid.wav"], volume: 0.9, rate: 0.7 });
    outbidChime.play();
  }
  if (typeof navigator !== "undefined" && typeof navigator.vibrate === "function") navigator.vibrate([120, 60, 120]);
}
