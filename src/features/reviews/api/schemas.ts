// The reviews' schemas load beside the first request or form that reads one (decision 116): the reviews under an
// auction's page are not worth a long task while it hydrates.
import { schemasOf } from "../../../lib/api-client";

export const reviewSchemas = () => import("../../../../contract/reviews");
export const reviewSchema = schemasOf(reviewSchemas);
