// Demo data for fulfilment: the demo bidders' won auctions walk through every state by the same service calls a
// winner and an operator make (the demo user's own win stays unpaid, for them to pay).
import type { Database } from "../db/database";
import { bundledAddresses } from "./addresses";
import { advanceFulfilment, expireOverdueFulfilments, payForWonAuction } from "./fulfilment.service";

const STAGES = ["Delivered", "InDelivery", "PaymentReceived", "AwaitingPayment"] as const;

export async function stageDemoFulfilments(db: Database, now: Date, keepUnpaidUserId: string): Promise<void> {
  await expireOverdueFulfilments(db, now);
  const unpaid = await db.query<{ auction_id: number; user_id: string }>(
    `select f.auction_id, f.user_id from fulfilments f join auctions a on a.id = f.auction_id
     where a.is_demo and f.state = 'AwaitingPayment' and f.user_id <> $1 order by a.ended_at`,
    [keepUnpaidUserId],
  );
  const addresses = bundledAddresses();
  for (const [index, { auction_id: auctionId, user_id: userId }] of unpaid.entries()) {
    const stage = STAGES[index % STAGES.length]!;
    if (stage === "AwaitingPayment") continue;
    const address = addresses[(auctionId * 37) % addresses.length]!;
    await payForWonAuction(db, {
      userId,
      auctionId,
      deliveryAddress: address,
      phone: `+371 2${String(1000000 + auctionId).slice(-7)}`,
      now,
    });
    if (stage === "PaymentReceived") continue;
    await advanceFulfilment(db, { auctionId, to: "InDelivery", actor: "demo-seed", now });
    if (stage === "Delivered") await advanceFulfilment(db, { auctionId, to: "Delivered", actor: "demo-seed", now });
  }
}
