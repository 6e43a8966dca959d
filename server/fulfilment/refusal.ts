// A refusal of a fulfilment action: the thing is missing, or its state, the wallet or the promo code does not
// allow it. Nothing was changed; the routes turn it into an HTTP answer, the ops CLI prints its message.
import { fulfilmentErrorMessages, type FulfilmentErrorCode } from "../../contract";
import { InsufficientFundsError } from "../wallet/wallet.service";

export type FulfilmentRefusalCode = FulfilmentErrorCode | "NOT_FOUND" | "NOT_ENOUGH_FUNDS";

const defaultMessage = (code: FulfilmentRefusalCode): string =>
  code === "NOT_FOUND" ? "No such won auction." : code === "NOT_ENOUGH_FUNDS" ? new InsufficientFundsError().message : fulfilmentErrorMessages[code];

export class FulfilmentRefusal extends Error {
  constructor(
    readonly code: FulfilmentRefusalCode,
    message: string = defaultMessage(code),
  ) {
    super(message);
  }
}
