// The signed-in lists: my active auctions, won auctions and favourites.
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";

function ListPage({ page }: { page: "myActive" | "won" | "favourites" }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(`pages.${page}.title`)} />
      <EmptyState>{t(`pages.${page}.empty`)}</EmptyState>
    </>
  );
}

export const MyActiveAuctionsPage = () => <ListPage page="myActive" />;
export const WonAuctionsPage = () => <ListPage page="won" />;
export const FavouritesPage = () => <ListPage page="favourites" />;
