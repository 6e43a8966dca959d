// The wallet's statement (issue 53 item 6, decision 091): the last twelve months in Riga, newest first, each month's
// movements summed by kind from the ledger in one query; and the same as CSV, amounts in euros.
import { SPEND_MONTH_TIME_ZONE, type StatementMonth } from "../../contract";
import type { Queryable } from "../db/database";

type Row = {
  month: string;
  top_ups: number | string;
  withdrawals: number | string;
  fees: number | string;
  payments: number | string;
  refunds: number | string;
  adjustments: number | string;
  net: number | string;
};

export async function statementMonths(q: Queryable, userId: string, now: Date): Promise<StatementMonth[]> {
  const rows = await q.query<Row>(
    `with months as (
       select generate_series(date_trunc('month', $2::timestamptz at time zone $3) - interval '11 months',
                              date_trunc('month', $2::timestamptz at time zone $3), interval '1 month') as month
     ), moved as (
       select date_trunc('month', created_at at time zone $3) as month, type, amount_cents from wallet_transactions
       where user_id = $1 and created_at >= (date_trunc('month', $2::timestamptz at time zone $3) - interval '11 months') at time zone $3
     )
     select to_char(m.month, 'YYYY-MM') as month,
            coalesce(sum(t.amount_cents) filter (where t.type = 'Payment'), 0) as top_ups,
            coalesce(sum(t.amount_cents) filter (where t.type in ('Withdrawal', 'WithdrawalReturned')), 0) as withdrawals,
            coalesce(sum(t.amount_cents) filter (where t.type = 'AuctionEnrollment'), 0) as fees,
            coalesce(sum(t.amount_cents) filter (where t.type in ('AuctionPayment', 'BuyItNow')), 0) as payments,
            coalesce(sum(t.amount_cents) filter (where t.type = 'Refund'), 0) as refunds,
            coalesce(sum(t.amount_cents) filter (where t.type = 'Adjustment'), 0) as adjustments,
            coalesce(sum(t.amount_cents), 0) as net
     from months m left join moved t on t.month = m.month
     group by m.month order by m.month desc`,
    [userId, now, SPEND_MONTH_TIME_ZONE],
  );
  return rows.map((row) => ({
    month: row.month,
    topUpsCents: Number(row.top_ups),
    withdrawalsCents: Number(row.withdrawals),
    feesCents: Number(row.fees),
    paymentsCents: Number(row.payments),
    refundsCents: Number(row.refunds),
    adjustmentsCents: Number(row.adjustments),
    netCents: Number(row.net),
  }));
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/** One header row (stable English names, for spreadsheets and scripts), then a row a month, amounts in euros. */
export function statementCsv(months: StatementMonth[]): string {
  const header = "month,top_ups_eur,withdrawals_eur,fees_eur,payments_eur,refunds_eur,adjustments_eur,net_eur";
  const lines = months.map((m) =>
    [m.month, m.topUpsCents, m.withdrawalsCents, m.feesCents, m.paymentsCents, m.refundsCents, m.adjustmentsCents, m.netCents]
      .map((value) => (typeof value === "number" ? euros(value) : value))
      .join(","),
  );
  return [header, ...lines].join("\r\n") + "\r\n";
}
