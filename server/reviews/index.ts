// What other modules (the app, the ops CLI) use of reviews: the routes, the operators' list and hiding.
export { reviewsRoutes } from "./reviews.routes";
export { listReviews, operatorReviews } from "./reviews.queries";
export { hideReview, postReview } from "./reviews.service";
