// How a closed account's name travels (decision 093). Free of zod: the first screen's cards read it.

/** A closed account's display name wherever it shows: "@" is never in a display name, so no one can take it. */
export const DELETED_BIDDER_NAME = "@deleted";
export const isDeletedBidder = (name: string | null | undefined): boolean => name === DELETED_BIDDER_NAME;
