// Buy it now as a bidder meets it on the ended cards.
import { HttpResponse, http } from "msw";
import type { BuyNowOffer } from "../../../contract/buy-now";

/** GET /api/buy-now/offers: what the signed-in bidder may buy now (nothing, unless `items` says). */
export const offers = (items: BuyNowOffer[] = []) => http.get("/api/buy-now/offers", () => HttpResponse.json({ items }));
