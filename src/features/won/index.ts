export { WonAuctionsPage } from "./pages/WonAuctionsPage";
// What the Buy it now feature reuses: the same pay form, stepper, badge and paid details, and the fulfilment actor.
export { PayForm } from "./components/PayForm";
export { FulfilmentBadge, FulfilmentStepper } from "./components/FulfilmentProgress";
export { PaidDetails, useIsBefore } from "./components/WonAuctionCard";
export { useFulfilment } from "./live/use-fulfilment-actor";
