import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";

export function AuctionDetailPage() {
  const { t } = useTranslation();
  const { auctionId } = useParams();
  return (
    <>
      <PageHeading title={`${t("auction.detailTitle")} #${auctionId ?? ""}`} />
      <EmptyState>{t("auction.notFound")}</EmptyState>
    </>
  );
}
