// The back office's people and records as its component tests start from them: an operator and a bidder, and the
// contract's shapes of an auction, a user, a fulfilment and a Buy it now purchase. The API that answers with them is
// MSW's (msw/operator.ts).
import type { OperatorAuctionDetail, OperatorBuyNowPurchase, OperatorFulfilment, OperatorUserDetail } from "../../contract";

export const operator = {
  isAuthenticated: true,
  id: "0c9e2b7d-4a1f-4e3c-8b6d-0123456789cd",
  firstName: "Olga",
  lastName: "Ozola",
  displayName: "olga_ops",
  email: "operator@pennybid.lv",
  isOperator: true,
};
export const bidder = { ...operator, displayName: "anna_b", email: "anna@example.lv", isOperator: false };

export function auctionDetail(change: Partial<OperatorAuctionDetail> = {}): OperatorAuctionDetail {
  return {
    id: 42,
    status: "Waiting",
    title: "Espresso machine",
    priceCents: 0,
    entryFeeCents: 50,
    retailValueCents: 39_999,
    startsAt: "2030-01-01T10:00:00.000Z",
    endsAt: null,
    endedAt: null,
    bidCount: 0,
    enrolledCount: 1,
    leaderName: null,
    winnerName: null,
    winnerEmail: null,
    isDemo: false,
    seq: 7,
    texts: { en: { title: "Espresso machine", description: "Makes coffee." } },
    images: [],
    resetSeconds: 20,
    initialSeconds: 300,
    minPreviousEntries: 0,
    hardEndsAt: null,
    priceCapCents: null,
    paymentWindowHours: 72,
    maxPreviousWins: null,
    enrolmentClosesSecondsBeforeEnd: null,
    enrolmentClosesAtPriceCents: null,
    realBiddersOnly: false,
    minSeats: null,
    maxSeats: null,
    manualOnly: false,
    productKey: "espresso-machine",
    feeBackPercent: 0,
    enrolments: [{ displayName: "anna_b", email: "anna@example.lv", feeCents: 50, at: "2029-12-31T10:00:00.000Z" }],
    autoBids: [],
    chain: { auctionId: 42, genesisHash: "0".repeat(64), finalHash: null, links: [], isValid: true },
    fulfilment: null,
    ...change,
  };
}

export function userDetail(change: Partial<OperatorUserDetail> = {}): OperatorUserDetail {
  return {
    id: "0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f",
    email: "anna@example.lv",
    firstName: "Anna",
    lastName: "Bērziņa",
    displayName: "anna_b",
    role: "bidder",
    isDemo: false,
    isConfirmed: true,
    createdAt: "2029-12-01T10:00:00.000Z",
    balanceCents: 500,
    transactions: [],
    enrolments: [],
    limits: {
      auction: { limitCents: null, spentCents: 0, leftCents: null, pending: null },
      topUp: { limitCents: null, spentCents: 0, leftCents: null, pending: null },
      pausedUntil: null,
      resetsAt: "2030-01-01T00:00:00.000Z",
    },
    openSessions: 1,
    ...change,
  };
}

/** A paid win waiting to be sent. */
export function fulfilment(change: Partial<OperatorFulfilment> = {}): OperatorFulfilment {
  return {
    auctionId: 42,
    title: "Espresso machine",
    image: null,
    finalPriceCents: 255,
    endedAt: "2030-01-01T10:00:00.000Z",
    state: "PaymentReceived",
    deadlineAt: "2030-01-04T10:00:00.000Z",
    amountPaidCents: 255,
    discountCents: 0,
    promoCode: null,
    deliveryAddress: "Brīvības iela 1, Rīga, LV-1010",
    phone: "+371 26 123 456",
    paidAt: "2030-01-01T11:00:00.000Z",
    inDeliveryAt: null,
    deliveredAt: null,
    expiredAt: null,
    version: 1,
    isSeen: true,
    winnerId: "0b0e2f1c-2a6b-4c7e-9d3f-1a2b3c4d5e6f",
    winnerEmail: "anna@example.lv",
    winnerDisplayName: "anna_b",
    ...change,
  };
}

/** A paid Buy it now purchase as the operators' queue lists it (the same buyer and address as `fulfilment`'s winner). */
export function buyNowPurchase(change: Partial<OperatorBuyNowPurchase> = {}): OperatorBuyNowPurchase {
  const { winnerId, winnerEmail, winnerDisplayName, deliveryAddress, phone, paidAt } = fulfilment();
  return {
    purchaseId: 7,
    auctionId: 43,
    title: "Coffee grinder",
    image: null,
    retailValueCents: 9900,
    entryFeePaidCents: 100,
    priceCents: 9800,
    state: "PaymentReceived",
    amountPaidCents: 9800,
    discountCents: 0,
    promoCode: null,
    deliveryAddress: deliveryAddress ?? "",
    phone: phone ?? "",
    paidAt: paidAt ?? "",
    inDeliveryAt: null,
    deliveredAt: null,
    version: 0,
    buyerId: winnerId,
    buyerEmail: winnerEmail,
    buyerDisplayName: winnerDisplayName,
    ...change,
  };
}
