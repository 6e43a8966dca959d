// The statement (decision 091): the last twelve months by kind, summed by the server; the CSV is a plain download.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { StatementResponse } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const STATEMENT_CSV_PATH = "/api/user-wallet/statement.csv";

export const statementQueryOptions = queryOptions({
  queryKey: ["wallet", "statement"],
  queryFn: ({ signal }) => apiRequest("/api/user-wallet/statement", { schema: StatementResponse, signal }),
  retry: false,
});

export const useStatement = () => useQuery(statementQueryOptions);
