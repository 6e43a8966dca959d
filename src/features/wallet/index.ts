// What other features may use of the wallet: its balance, and asking for the add-funds dialog with an amount filled
// in. Light on purpose: Home's cards import it, and the first screen loads no dialog or machine (decision 014).
import { lazy } from "react";
import { withLaterTexts } from "../../lib/i18n";

export { setKnownBalance, useWallet, walletQueryOptions } from "./api/get-wallet";
export { missingAmount, requestAddFunds } from "./add-funds-requests";
export { useSpendLimits } from "./api/spend-limits";
// The profile's spend limits and break (decision 033): a chunk of its own, fetched when the profile shows it.
export const SpendLimitsSection = lazy(
  withLaterTexts(() => import("./components/spend-limits-section").then((module) => ({ default: module.SpendLimitsSection }))),
);
// The break alone, for a reality check's Take a break (decision 095): the same pause as the profile's.
export const BreakForm = lazy(
  withLaterTexts(() => import("./components/spend-limits-section").then((module) => ({ default: module.BreakForm }))),
);
