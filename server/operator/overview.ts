// The back office's landing page: what needs an operator's eye, counted in one read.
import type { OperatorOverview } from "../../contract";
import type { Queryable } from "../db/database";

export async function operatorOverview(db: Queryable): Promise<OperatorOverview> {
  const [row] = await db.query<OperatorOverview>(
    `select (select count(*)::int from auctions where status = 'Running') as "running",
            (select count(*)::int from auctions where status = 'Waiting') as "startingSoon",
            (select count(*)::int from fulfilments where state = 'AwaitingPayment') as "unpaid",
            (select count(*)::int from fulfilments where state = 'PaymentReceived')
              + (select count(*)::int from buy_now_purchases where state = 'PaymentReceived') as "toSend"`,
  );
  return row ?? { running: 0, startingSoon: 0, unpaid: 0, toSend: 0 };
}
