// The dev panel's server-side actions: the operator API's Start now, End now and Set time left.
import { OperatorAuction } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export type OperatorAction = { kind: "start-now" } | { kind: "end-now" } | { kind: "time-left"; seconds: number };

export function runOperatorAction(auctionId: number, action: OperatorAction): Promise<OperatorAuction> {
  const path = `/api/operator/auctions/${auctionId}/${action.kind}`;
  const body = action.kind === "time-left" ? { seconds: action.seconds } : undefined;
  return apiRequest(path, { method: "POST", body, schema: OperatorAuction });
}
