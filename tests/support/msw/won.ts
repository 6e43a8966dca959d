// What the bidder won or bought: the won auctions with the pay form's defaults, Buy it now purchases, and the delivery
// address suggestions of the pay form.
import { HttpResponse, http } from "msw";
import type { AddressSuggestionsResponse, BuyNowPurchase, WonAuction, WonAuctionsResponse } from "../../../contract";

/** GET /api/fulfilments: the won auctions `items()` gives at each read, with empty defaults. */
export const wonAuctions = (items: () => WonAuction[]) =>
  http.get("/api/fulfilments", () =>
    HttpResponse.json<WonAuctionsResponse>({ items: items(), defaults: { phone: "", deliveryAddress: "" } }),
  );

/** GET /api/buy-now/purchases: the purchases `items()` gives at each read, on one page. */
export const purchases = (items: () => BuyNowPurchase[]) =>
  http.get("/api/buy-now/purchases", () => {
    const all = items();
    return HttpResponse.json({ items: all, page: 1, pageSize: 20, total: all.length });
  });

/** GET /api/addresses?q=…: `labels` for the query `q`, none for any other. */
export const addressSuggestions = (q: string, labels: string[]) =>
  http.get("/api/addresses", ({ request }) =>
    HttpResponse.json<AddressSuggestionsResponse>({
      items: new URL(request.url).searchParams.get("q") === q ? labels.map((label) => ({ label })) : [],
    }),
  );

/** POST /api/fulfilments/{id}/seen: the win of `items` with that id, seen (its version one on). */
export const markSeen = (items: WonAuction[]) =>
  http.post("/api/fulfilments/:auctionId/seen", ({ params }) => {
    const item = items.find((one) => String(one.auctionId) === params.auctionId);
    return item
      ? HttpResponse.json<WonAuction>({ ...item, isSeen: true, version: item.version + 1 })
      : new HttpResponse(null, { status: 404 });
  });
