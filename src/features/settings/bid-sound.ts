// Bid sound on/off (default on), saved as `playBidSound` = "yes" | "no".
import { useSyncExternalStore } from "react";
import { storageKeys } from "../../../contract/constants";
import { readStored, writeStored } from "../../lib/storage";

const listeners = new Set<() => void>();

export function isBidSoundOn(): boolean {
  return readStored(storageKeys.playBidSound) !== "no";
}

export function setBidSoundOn(isOn: boolean): void {
  writeStored(storageKeys.playBidSound, isOn ? "yes" : "no");
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBidSound(): [boolean, (isOn: boolean) => void] {
  const isOn = useSyncExternalStore(subscribe, isBidSoundOn, () => true);
  return [isOn, setBidSoundOn];
}
