// What a won auction's fulfilment and a Buy it now purchase share: an item on its way to the person who paid for it,
// read the same way from either table (the same columns of payment and delivery, the same joins) and mapped by one
// function. A won auction may still be unpaid, so its payment's columns may be null; a purchase is paid at once.
import type { FulfilmentState, Language } from "../../contract";
import { titleFor, titleIn } from "../auction-texts";
import type { Queryable } from "../db/database";

/** The payment's columns: null on a won auction not paid yet, always set on a purchase. */
type PaymentColumns = {
  amount_paid_cents: number | null;
  discount_cents: number | null;
  delivery_address: string | null;
  phone: string | null;
  paid_at: Date | null;
};

/** A paid delivery's payment: a Buy it now purchase's. */
export type PaidColumns = { [Column in keyof PaymentColumns]: NonNullable<PaymentColumns[Column]> };

/** One delivery's row as `selectDeliveries` reads it: the item, the payment, the steps and who it goes to. */
export type DeliveryRow<Payment extends PaymentColumns = PaymentColumns> = Payment & {
  auction_id: number;
  user_id: string;
  title: string;
  images: string[];
  state: FulfilmentState;
  promo_code: string | null;
  in_delivery_at: Date | null;
  delivered_at: Date | null;
  version: number;
  user_email: string;
  user_display_name: string;
};

/**
 * The select of deliveries from `table` (as `alias`, which the caller's where and order by name) with its own
 * `columns` besides the shared ones, the auction's title in `titleLanguage` (decision 030) or, without one, in the
 * language stored with the person (the feed's update to them), and the promo code applied.
 */
export const selectDeliveries = (
  from: { table: "fulfilments" | "buy_now_purchases"; alias: string; columns: string },
  titleLanguage?: Language,
) => {
  const x = from.alias;
  return `select ${x}.auction_id, ${x}.user_id, ${titleLanguage ? titleIn(titleLanguage) : titleFor("u.language")} as title, a.images, ${from.columns},
       ${x}.state, ${x}.amount_paid_cents, ${x}.discount_cents, p.code as promo_code, ${x}.delivery_address, ${x}.phone,
       ${x}.paid_at, ${x}.in_delivery_at, ${x}.delivered_at, ${x}.version, u.email as user_email, u.display_name as user_display_name
  from ${from.table} ${x}
  join auctions a on a.id = ${x}.auction_id
  join users u on u.id = ${x}.user_id
  left join promo_codes p on p.id = ${x}.promo_code_id`;
};

/** The shared part of a won auction and a purchase as the contract has them: the payment's as the row's may be null or not. */
export type Delivery<Row extends DeliveryRow> = {
  auctionId: number;
  title: string;
  image: string | null;
  state: FulfilmentState;
  amountPaidCents: Row["amount_paid_cents"];
  discountCents: Row["discount_cents"];
  promoCode: string | null;
  deliveryAddress: Row["delivery_address"];
  phone: Row["phone"];
  inDeliveryAt: string | null;
  deliveredAt: string | null;
  version: number;
};

/** A row's shared part, mapped once for both (`paidAt` each maps itself: a date, or a date or null). */
export const toDelivery = <Row extends DeliveryRow>(row: Row): Delivery<Row> => ({
  auctionId: row.auction_id,
  title: row.title,
  image: row.images[0] ?? null,
  state: row.state,
  amountPaidCents: row.amount_paid_cents,
  discountCents: row.discount_cents,
  promoCode: row.promo_code,
  deliveryAddress: row.delivery_address,
  phone: row.phone,
  inDeliveryAt: row.in_delivery_at?.toISOString() ?? null,
  deliveredAt: row.delivered_at?.toISOString() ?? null,
  version: row.version,
});

/** Who a delivery goes to as operators see them, named for their part: `winnerId`, … or `buyerId`, … */
export type Recipient<Role extends "winner" | "buyer"> = Record<`${Role}Id` | `${Role}Email` | `${Role}DisplayName`, string>;

export function recipientOf<Role extends "winner" | "buyer">(role: Role, row: DeliveryRow): Recipient<Role> {
  // TypeScript types a computed key as any string, not as the template the role makes of it.
  return { [`${role}Id`]: row.user_id, [`${role}Email`]: row.user_email, [`${role}DisplayName`]: row.user_display_name } as Recipient<Role>;
}

/** The phone and address the user last paid with: the pay form's defaults, for a win and for Buy it now alike. */
export async function deliveryDefaults(db: Queryable, userId: string): Promise<{ phone: string; deliveryAddress: string }> {
  const [user] = await db.query<{ phone: string; delivery_address: string }>("select phone, delivery_address from users where id = $1", [
    userId,
  ]);
  return { phone: user?.phone ?? "", deliveryAddress: user?.delivery_address ?? "" };
}
