// What the server sends, as the SPA's tests need it: each a typical answer that the overrides change.
import type { AuctionState, BuyNowPurchase, WonAuction } from "../../contract";

/** GET /authn/user for a signed-in bidder. */
export const signedInUser = {
  isAuthenticated: true,
  id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab",
  firstName: "Anna",
  lastName: "Bērziņa",
  displayName: "anna",
  email: "a@b.lv",
};

/** An auction's live state (contract/auctions.ts): running, with a fee and no bids. */
export function auctionState(overrides: Partial<AuctionState> = {}): AuctionState {
  return {
    id: 1,
    seq: 1,
    status: "Running",
    title: "Auction 1",
    image: null,
    retailValueCents: 10_000,
    entryFeeCents: 100,
    priceCents: 0,
    startsAt: "2026-11-24T10:00:00.000Z",
    endsAt: "2026-11-24T12:00:00.000Z",
    hardEndsAt: null,
    priceCapCents: null,
    resetSeconds: 15,
    minPreviousEntries: 0,
    maxPreviousWins: null,
    enrolmentClosesAt: null,
    enrolmentClosesAtPriceCents: null,
    realBiddersOnly: false,
    feeBackPercent: 0,
    seats: null,
    manualOnly: false,
    leaderName: null,
    winnerName: null,
    leaderId: null,
    winnerId: null,
    bidCount: 0,
    recentBids: [],
    finalHash: null,
    trueCost: null,
    paymentLapsed: false,
    serverNow: 0,
    ...overrides,
  };
}

/** A won auction (contract/fulfilment.ts), awaiting payment with a far deadline, already seen. */
export function wonAuction(overrides: Partial<WonAuction> = {}): WonAuction {
  return {
    auctionId: 7,
    title: "Espresso machine",
    image: null,
    finalPriceCents: 250,
    endedAt: "2030-01-01T10:00:00.000Z",
    state: "AwaitingPayment",
    deadlineAt: "2999-01-04T10:00:00.000Z",
    amountPaidCents: null,
    discountCents: null,
    promoCode: null,
    deliveryAddress: null,
    phone: null,
    paidAt: null,
    inDeliveryAt: null,
    deliveredAt: null,
    expiredAt: null,
    version: 0,
    isSeen: true,
    ...overrides,
  };
}

/** A Buy it now purchase (contract/buy-now.ts), paid and awaiting delivery. */
export function buyNowPurchase(overrides: Partial<BuyNowPurchase> = {}): BuyNowPurchase {
  return {
    purchaseId: 3,
    auctionId: 9,
    title: "Kafijas dzirnaviņas",
    image: null,
    retailValueCents: 2000,
    entryFeePaidCents: 100,
    priceCents: 1900,
    state: "PaymentReceived",
    amountPaidCents: 1900,
    discountCents: 0,
    promoCode: null,
    deliveryAddress: "Brīvības iela 1, Rīga",
    phone: "+371 26 123 456",
    paidAt: "2030-01-01T10:00:00.000Z",
    inDeliveryAt: null,
    deliveredAt: null,
    version: 0,
    ...overrides,
  };
}
