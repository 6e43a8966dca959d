// The bid sound (howler), played when a new bid arrives on a shown auction and the setting is on.
import { Howl } from "howler";
import { useEffect, useRef } from "react";
import { useBidSound } from "../settings/bid-sound";

let chime: Howl | undefined;

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
