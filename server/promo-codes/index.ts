// What other modules (the ops CLI, the back office, paying for a win or a Buy it now) use of promo codes.
export { createPromoCode, disablePromoCode, discountCents, listPromoCodes, type Quote } from "./promo-codes";
