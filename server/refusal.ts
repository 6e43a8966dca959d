// A refusal: the domain said no (the thing is missing, or its state, the wallet or a code does not allow the
// change) and changed nothing. One type for every domain; server/http/errors.ts gives each code its HTTP status,
// the socket acks its code and message, the ops CLI prints its message.
import {
  auctionErrorMessages,
  buyNowErrorMessages,
  fulfilmentErrorMessages,
  imageErrorMessages,
  personalDataErrorMessages,
  reviewErrorMessages,
  spendLimitErrorMessages,
  withdrawalErrorMessages,
  type AuctionErrorCode,
  type BuyNowErrorCode,
  type FulfilmentErrorCode,
  type ImageErrorCode,
  type PersonalDataErrorCode,
  type ReviewErrorCode,
  type SpendLimitErrorCode,
  type WithdrawalErrorCode,
} from "../contract";

export type RefusalCode =
  | AuctionErrorCode
  | FulfilmentErrorCode
  | SpendLimitErrorCode
  | BuyNowErrorCode
  | ImageErrorCode
  | WithdrawalErrorCode
  | PersonalDataErrorCode
  | ReviewErrorCode
  | "NOT_FOUND"
  | "CONFLICT"
  | "AUCTION_CHANGED"
  | "SERVER_BUSY";

const defaultMessages: Record<RefusalCode, string> = {
  ...auctionErrorMessages,
  ...fulfilmentErrorMessages,
  ...spendLimitErrorMessages,
  ...buyNowErrorMessages,
  ...imageErrorMessages,
  ...withdrawalErrorMessages,
  ...personalDataErrorMessages,
  ...reviewErrorMessages,
  NOT_FOUND: "Not found.",
  CONFLICT: "That change is not allowed in the current state.",
  AUCTION_CHANGED:
    "The auction has changed since you looked at it (a bid, an enrolment or another operator): nothing was done. Look at it again and confirm.",
  SERVER_BUSY: "The server is busy right now. Please try again in a few seconds.",
};

export class Refusal extends Error {
  /** The numbers the message names (`{{minPreviousEntries}}`), for callers that state them their own way. */
  readonly values: Record<string, number>;

  /**
   * `detail` is the message itself, or the values its default message names; without it the code's default message
   * (SPEC.md's English where it has one).
   */
  constructor(
    readonly code: RefusalCode,
    detail: string | Record<string, number> = {},
  ) {
    super(typeof detail === "string" ? detail : interpolate(defaultMessages[code], detail));
    this.values = typeof detail === "string" ? {} : detail;
  }
}

function interpolate(message: string, values: Record<string, number>): string {
  let result = message;
  for (const [name, value] of Object.entries(values)) result = result.replaceAll(`{{${name}}}`, String(value));
  return result;
}
