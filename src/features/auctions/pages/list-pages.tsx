// The signed-in lists: my active auctions (enrolled, waiting or running) and favourites; all live. Won auctions
// have their own page (features/won), with the fulfilment of each.
import { useTexts } from "../../../hooks/use-texts";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { favouritesQueryOptions, myActiveQueryOptions, usePersonalList } from "../api/auction-lists";
import { AuctionGrid } from "../components/auction-grid";

function PersonalListPage({ page, options }: { page: "myActive" | "favourites"; options: typeof myActiveQueryOptions }) {
  const { t } = useTexts();
  const { data, isLoading } = usePersonalList(options);
  return (
    <>
      <PageHeading title={t(`pages.${page}.title`)} />
      {isLoading ? (
        <CenteredProgressBar />
      ) : data && data.items.length > 0 ? (
        <AuctionGrid auctions={data.items} />
      ) : (
        <EmptyState>{t(`pages.${page}.empty`)}</EmptyState>
      )}
    </>
  );
}

export const MyActiveAuctionsPage = () => <PersonalListPage page="myActive" options={myActiveQueryOptions} />;
export const FavouritesPage = () => <PersonalListPage page="favourites" options={favouritesQueryOptions} />;
