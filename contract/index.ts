export * from "./errors";
export * from "./i18n";
export * from "./health";
export * from "./authn";
export * from "./socket";
export * from "./accounts";
export * from "./wallet";
export * from "./auctions";
