// The user's settings other features read: the bid sound (the outbid alert asks whether to play it).
export { isBidSoundOn, setBidSoundOn, useBidSound } from "./bid-sound";
