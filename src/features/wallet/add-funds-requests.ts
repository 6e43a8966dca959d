// "Add funds" asked for from anywhere (a short wallet's toast, a card): the account menu's add-funds dialog opens
// with the amount filled in. One dialog for the signed-in user, however many places ask. The menu is a chunk loaded
// once the user is known to be signed in: a request made before it listens waits for it, the latest one only.
import { MIN_TOP_UP_CENTS } from "../../../contract/constants";
import { amountText } from "../../lib/format";

type Listener = (amount: string) => void;
const listeners = new Set<Listener>();
let waiting: string | undefined;

export function requestAddFunds(amount: string): void {
  if (listeners.size === 0) waiting = amount;
  listeners.forEach((listener) => listener(amount));
}

export function onAddFundsRequested(listener: Listener): () => void {
  listeners.add(listener);
  if (waiting !== undefined) {
    const amount = waiting;
    waiting = undefined;
    listener(amount);
  }
  return () => listeners.delete(listener);
}

/** What to fill in when `neededCents` are short of `balance` (euros): the missing amount, at least the smallest top-up. */
export function missingAmount(neededCents: number, balance: number | undefined): string {
  const missingCents = neededCents - Math.round((balance ?? 0) * 100);
  return amountText(Math.max(missingCents, MIN_TOP_UP_CENTS));
}
