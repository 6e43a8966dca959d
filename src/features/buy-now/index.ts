// What other features use of Buy it now: the ended card's offer line (first screen: light) and the auction page's
// panel (with the pay form and the fulfilment machine, so it loads on its own, when an ended auction's page needs it).
import { lazy } from "react";
import { withLaterTexts } from "../../lib/i18n";

export { BuyNowCardOffer } from "./components/buy-now-card-offer";
export const BuyNowPanel = lazy(
  withLaterTexts(() => import("./components/buy-now-panel").then((chunk) => ({ default: chunk.BuyNowPanel }))),
);
