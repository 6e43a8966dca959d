/** The root of every reviews query: a posted review makes all of them stale. */
export const reviewsKey = ["reviews"] as const;
