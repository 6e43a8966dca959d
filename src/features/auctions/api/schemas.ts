// The auctions' answer schemas (and zod with them) load beside the first request that reads one, never with a page's
// chunk: built at once, the contract's schemas cost a slow phone a long task while the page hydrates (decision 116).
import { schemasOf } from "../../../lib/api-client";

export const auctionSchema = schemasOf(() => import("../../../../contract/auctions"));
