// What other features use of Buy it now: the ended card's offer line (first screen: light) and the auction page's
// panel (with the pay form and the fulfilment machine, so it loads on its own, when an ended auction's page needs it).
import { lazy } from "react";
import { withLaterTexts } from "../../lib/i18n";

export { BuyNowCardOffer } from "./components/BuyNowCardOffer";
export const BuyNowPanel = lazy(withLaterTexts(() => import("./components/BuyNowPanel").then((chunk) => ({ default: chunk.BuyNowPanel }))));
