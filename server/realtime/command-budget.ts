// How many socket commands a budget's owner may send (decision 078): a window of commands per key, counted in this
// process's memory, one map lookup per command. The transport (socket.ts) decides whose key a socket spends from.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export type BudgetSettings = {
  /** Commands one key may send in a window: a reconnect that follows every room again must fit, with room to spare. */
  commands: number;
  windowSeconds: number;
  /** Refused commands a key may go on sending in a window before the socket that sends one more is disconnected. */
  refusalsBeforeDisconnect: number;
};

/**
 * Rooms a socket may follow at its own asking: auctions, status lists, its page's visibility. A page follows at most 3
 * lists and its visibility, plus one auction (its page) or one per card of a personal list (my active auctions,
 * favourites): tens, not a hundred.
 */
export const FOLLOWED_ROOMS_MAX = 100;

/**
 * A reconnect follows every room again at once after 5 clock samples: about 110 commands at the room cap. One window
 * holds two of those and half a minute of a bid a second; a flood is refused after its window's first 300 commands and
 * disconnected after 50 refusals.
 */
export const commandBudgetSettings: BudgetSettings = { commands: 300, windowSeconds: 30, refusalsBeforeDisconnect: 50 };

/** What the transport does with one command: run it, refuse it in its ack, or disconnect the socket that sent it. */
export type BudgetVerdict = { kind: "run" } | { kind: "refuse"; retryAfterSeconds: number } | { kind: "disconnect" };

export type CommandBudget = {
  spend(key: string): Promise<BudgetVerdict>;
  /** Drops a key whose sockets are gone (an anonymous socket's own key at its disconnect). */
  forget(key: string): void;
};

export function createCommandBudget(settings: BudgetSettings = commandBudgetSettings): CommandBudget {
  const limiter = new RateLimiterMemory({ keyPrefix: "commands", points: settings.commands, duration: settings.windowSeconds });
  const run: BudgetVerdict = { kind: "run" };
  return {
    spend: (key) =>
      limiter.consume(key).then(
        () => run,
        (over: unknown): BudgetVerdict => {
          // The memory limiter rejects only with its count; should anything else come, commands go on as before.
          if (!(over instanceof RateLimiterRes)) return run;
          return over.consumedPoints - settings.commands > settings.refusalsBeforeDisconnect
            ? { kind: "disconnect" }
            : { kind: "refuse", retryAfterSeconds: Math.max(1, Math.ceil(over.msBeforeNext / 1000)) };
        },
      ),
    forget: (key) => void limiter.delete(key),
  };
}
