// What other features may use of "Your data": the profile's two cards and the date-of-birth dialog, each a chunk of
// its own, and how a closed account's name reads.
import { lazy } from "react";
import { withLaterTexts } from "../../lib/i18n";

export { useBidderName } from "./bidder-name";
export const MyDataSection = lazy(
  withLaterTexts(() => import("./components/my-data-section").then((module) => ({ default: module.MyDataSection }))),
);
export const DeleteAccountSection = lazy(
  withLaterTexts(() => import("./components/delete-account-section").then((module) => ({ default: module.DeleteAccountSection }))),
);
export const DateOfBirthDialog = lazy(
  withLaterTexts(() => import("./components/date-of-birth-dialog").then((module) => ({ default: module.DateOfBirthDialog }))),
);
