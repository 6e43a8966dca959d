// The figures a refusal carries (ApiError.values: cents and ms since the epoch), as the message's placeholders want
// them: `limitCents` → `limit` and `leftCents` → `left` as money, `resetsAt` as the day the month ends on and `until` as a date and time (decision 033).
import { useDateTime, useEuro, useMonthDay } from "./format";

export function useRefusalValues(): (values: Record<string, number>) => Record<string, string | number> {
  const euro = useEuro();
  const dateTime = useDateTime();
  const monthDay = useMonthDay();
  return (values) => {
    const { limitCents, leftCents, resetsAt, until } = values;
    return {
      ...values,
      ...(limitCents === undefined ? {} : { limit: euro(limitCents) }),
      ...(leftCents === undefined ? {} : { left: euro(leftCents) }),
      ...(resetsAt === undefined ? {} : { resetsAt: monthDay(new Date(resetsAt).toISOString()) }),
      ...(until === undefined ? {} : { until: dateTime(new Date(until).toISOString()) }),
    };
  };
}
