export { WonAuctionsPage } from "./pages/WonAuctionsPage";
