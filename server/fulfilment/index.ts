// What other modules (the ops CLI, the seed, the live feed) use of fulfilment: its reads and its commands.
export { fulfilmentsOf, getWonAuction, listFulfilments, listWonAuctions } from "./fulfilment.queries";
export { advanceFulfilment, expireOverdueFulfilments, payForWonAuction, quotePayment, setPaymentTimeLeft } from "./fulfilment.service";
