export { WonAuctionsPage } from "./pages/won-auctions-page";
// What the Buy it now feature reuses: the same pay form, stepper, badge and paid details, and the fulfilment actor.
export { PayForm } from "./components/pay-form";
export { FulfilmentBadge, FulfilmentStepper } from "./components/fulfilment-progress";
export { PaidDetails, useIsBefore } from "./components/won-auction-card";
export { useFulfilment } from "./live/use-fulfilment-actor";
