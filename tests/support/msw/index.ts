// The test kit's handlers per domain: `import { auth, wallet } from "…/tests/support/msw"`; the back office's as `operatorApi.answering({ "GET /api/…": … })`.
export * as auctions from "./auctions";
export * as auth from "./auth";
export * as buyNow from "./buy-now";
export * as operatorApi from "./operator";
export * as personalData from "./personal-data";
export * as reviews from "./reviews";
export * as tours from "./tours";
export * as wallet from "./wallet";
export * as won from "./won";
export { refusal } from "./errors";
export { recordRequests, requestsTo, server, type RecordedRequest } from "./server";
