// Bid sound on/off (default on), saved as `playBidSound` = "yes" | "no".
import { storageKeys } from "../../../contract/constants";
import { createStore, useStore } from "../../lib/create-store";
import { readStored, writeStored } from "../../lib/storage";

// The saved value is the truth (another tab may change it): the store tells this page's switches of a change here.
export function isBidSoundOn(): boolean {
  return readStored(storageKeys.playBidSound) !== "no";
}

const bidSound = createStore(isBidSoundOn());

export function setBidSoundOn(isOn: boolean): void {
  writeStored(storageKeys.playBidSound, isOn ? "yes" : "no");
  bidSound.set(isOn);
}

export function useBidSound(): [boolean, (isOn: boolean) => void] {
  const isOn = useStore(bidSound, (value) => value, true);
  return [isOn, setBidSoundOn];
}
