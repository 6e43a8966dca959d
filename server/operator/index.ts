// What operators do, as the API routes and the ops CLI call it: auctions, users, wallet corrections and media.
export * from "./auctions.service";
export * from "./publish-changes";
export * from "../media/media.service";
export * from "./overview";
export * from "./users.service";
export * from "./wallet-adjustments.service";
