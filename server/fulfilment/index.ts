// What other modules (the ops CLI, the seed) use of fulfilment: the service functions.
export {
  advanceFulfilment,
  expireOverdueFulfilments,
  fulfilmentsOf,
  getWonAuction,
  listFulfilments,
  listWonAuctions,
  openFulfilments,
  payForWonAuction,
  quotePayment,
  setPaymentTimeLeft,
  type Quote,
} from "./fulfilment.service";
export { createPromoCode, discountCents, listPromoCodes } from "./promo-codes";
