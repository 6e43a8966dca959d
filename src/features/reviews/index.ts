// What other features and the app use of reviews (decision 104): the Winners page, the product's reviews on an
// auction's page, and the review of a delivered item on the won page.
export { WinnersPage } from "./pages/winners-page";
export { ProductReviews } from "./components/product-reviews";
export { ItemReview } from "./components/item-review";
