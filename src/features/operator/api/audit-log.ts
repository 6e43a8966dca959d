// The operators' log, read-only: a page of it for a filter (actor, action, target, source, a time range), newest
// first, parsed with the contract.
import { queryOptions } from "@tanstack/react-query";
import { AuditLogPage, type AuditSource } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const AUDIT_PAGE_SIZE = 50;

export const auditKey = ["operator", "audit"] as const;

/** The filter as the address carries it; times are ISO, `until` excluded. */
export type AuditFilter = {
  actor: string;
  action: string;
  subject: string;
  source: AuditSource | "";
  from: string;
  until: string;
  page: number;
};

export const auditLogQuery = ({ page, ...filter }: AuditFilter) =>
  queryOptions({
    queryKey: [...auditKey, filter, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), offset: String((page - 1) * AUDIT_PAGE_SIZE) });
      for (const [name, value] of Object.entries(filter)) if (value.trim()) query.set(name, value.trim());
      return apiRequest(`/api/operator/audit-log?${query.toString()}`, { schema: AuditLogPage, signal });
    },
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
