// A bidder's name as the page writes it: a closed account's is "Deleted bidder" in the reader's language (decision 093).
import { isDeletedBidder } from "../../../contract/bidder-names";
import { useTexts } from "../../hooks/use-texts";

export function useBidderName(): (name: string) => string {
  const { t } = useTexts();
  return (name) => (isDeletedBidder(name) ? t("bidderNames.deleted") : name);
}
