// Auctions by status (New, Waiting, Running, Ended, Canceled), searched by title or number, twenty to a page, newest
// first. The status, search and page live in the address, so a tab or a page can be linked and Back works.
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import { Link } from "react-router-dom";
import { AuctionStatus, auctionStatuses, type OperatorAuction } from "../../../../contract";
import { buttonClassName } from "../../../components/ui/button";
import { PageHeading } from "../../../components/ui/page-heading";
import { useDateTime, useEuro } from "../../../lib/format";
import { AUCTION_PAGE_SIZE, auctionListQuery } from "../api/auctions";
import { FoundList } from "../components/found-list";
import { SearchForm } from "../components/search-form";
import { useListAddress } from "../list-address";
import { StatusBadge } from "../components/status-badge";
import { TabLinks } from "../components/tab-links";

export function AuctionListPage() {
  const { t } = useTexts();
  const address = useListAddress(["status", "q"] as const);
  const status = AuctionStatus.catch("New").parse(address.values.status || "New");
  const search = address.values.q;
  const { page, go } = address;
  const result = useQuery(auctionListQuery({ status, search, page }));

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={t("operator.auctions.title")} />
        <Link to="/operator/auctions/new" className={buttonClassName()}>
          {t("operator.auctions.new")}
        </Link>
      </div>
      <TabLinks
        label={t("operator.auctions.statuses")}
        tabs={auctionStatuses}
        current={status}
        href={(tab) => `?${address.searchWith({ status: tab })}`}
        text={(tab) => t(`operator.status.${tab}`)}
      />
      <div className="mb-4">
        <SearchForm
          key={search}
          label={t("operator.auctions.search")}
          placeholder={t("operator.auctions.searchPlaceholder")}
          value={search}
          maxLength={120}
          onSearch={(q) => go({ q })}
        />
      </div>
      <FoundList
        result={result}
        texts="operator.auctions"
        search={search}
        page={page}
        pageSize={AUCTION_PAGE_SIZE}
        onPage={(next) => go({}, next)}
        row={(auction) => <AuctionRow key={auction.id} auction={auction} />}
      />
    </>
  );
}

function AuctionRow({ auction }: { auction: OperatorAuction }) {
  const { t } = useTexts();
  const euro = useEuro();
  const when = useDateTime();
  const moment =
    auction.status === "Ended" || auction.status === "Canceled"
      ? auction.endedAt && t("operator.auctions.endedAt", { time: when(auction.endedAt) })
      : auction.status === "Running" && auction.endsAt
        ? t("operator.auctions.endsAt", { time: when(auction.endsAt) })
        : t("operator.auctions.startsAt", { time: when(auction.startsAt) });
  return (
    <li>
      <Link
        to={`/operator/auctions/${auction.id}`}
        className="flex flex-col gap-1 px-4 py-3 hover:bg-black/[0.03] sm:flex-row sm:items-center sm:gap-4 dark:hover:bg-white/5"
      >
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold break-words">{auction.title}</span>
            <StatusBadge status={auction.status} />
          </p>
          <p className="text-sm text-muted">
            #{auction.id}
            {moment ? ` · ${moment}` : ""}
          </p>
        </div>
        <dl className="flex shrink-0 gap-4 text-sm tabular-nums">
          <div>
            <dt className="text-xs text-muted">{t("operator.auctions.price")}</dt>
            <dd className="font-semibold">{euro(auction.priceCents)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t("operator.auctions.enrolled")}</dt>
            <dd className="font-semibold">{auction.enrolledCount}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t("operator.auctions.bids")}</dt>
            <dd className="font-semibold">{auction.bidCount}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}
