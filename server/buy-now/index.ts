// What other modules (the ops CLI, the back office) use of Buy it now: its reads and its commands.
export { buyNowStatus, listOffers, listPurchases, purchasesOf } from "./buy-now.queries";
export { advancePurchase, buyItNow, buyNow, buyNowSettings, quoteBuyNow, setBuyNowSettings } from "./buy-now.service";
