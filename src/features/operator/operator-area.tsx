// The operators' back office (/operator): its own chunk, loaded only after the app has seen an operator signed in
// (src/app/operator-gate.tsx). It opens on the overview; then auctions and users, each a list and one item's page; the
// fulfilment queue, promo codes, payouts, the audit log, and the system (processes, jobs, database, Redis).
import { useTexts } from "../../hooks/use-texts";
import { NavLink, Navigate, Route, Routes } from "react-router-dom";
import { AuctionListPage } from "./pages/auction-list-page";
import { AuditLogPage } from "./pages/audit-log-page";
import { PayoutsPage } from "./pages/payouts-page";
import { AuctionPage } from "./pages/auction-page";
import { EditDraftPage, NewAuctionPage } from "./pages/draft-pages";
import { FulfilmentQueuePage } from "./pages/fulfilment-queue-page";
import { OverviewPage } from "./pages/overview-page";
import { PromoCodesPage } from "./pages/promo-codes-page";
import { ReviewsPage } from "./pages/reviews-page";
import { SystemPage } from "./pages/system-page";
import { UserListPage } from "./pages/user-list-page";
import { UserPage } from "./pages/user-page";

export function OperatorArea() {
  return (
    <>
      <OperatorNavigation />
      <Routes>
        <Route index element={<OverviewPage />} />
        <Route path="auctions" element={<AuctionListPage />} />
        <Route path="auctions/new" element={<NewAuctionPage />} />
        <Route path="auctions/:auctionId" element={<AuctionPage />} />
        <Route path="auctions/:auctionId/edit" element={<EditDraftPage />} />
        <Route path="fulfilments" element={<FulfilmentQueuePage />} />
        <Route path="promo-codes" element={<PromoCodesPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="users" element={<UserListPage />} />
        <Route path="users/:userId" element={<UserPage />} />
        <Route path="payouts" element={<PayoutsPage />} />
        <Route path="audit" element={<AuditLogPage />} />
        <Route path="system" element={<SystemPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </>
  );
}

/**
 * The back office's navigation, in order: each entry's address under /operator ("" is the overview, which is
 * current only on its own address) and its name, `operator.nav.<key>`. A new page adds its route above and its entry
 * here.
 */
const navigation: { key: string; path: string }[] = [
  { key: "overview", path: "" },
  { key: "auctions", path: "auctions" },
  { key: "fulfilments", path: "fulfilments" },
  { key: "promo-codes", path: "promo-codes" },
  { key: "reviews", path: "reviews" },
  { key: "users", path: "users" },
  { key: "payouts", path: "payouts" },
  { key: "audit", path: "audit" },
  { key: "system", path: "system" },
];

function OperatorNavigation() {
  const { t } = useTexts();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex h-10 items-center rounded-full px-4 text-sm font-semibold transition ${
      isActive ? "bg-primary-700 text-white" : "text-ink hover:bg-black/5 dark:hover:bg-white/10"
    }`;
  return (
    <nav aria-label={t("operator.title")} className="mb-6 flex flex-wrap items-center gap-2 border-b border-line pb-4">
      <p className="w-full text-xs font-bold tracking-wider text-muted uppercase sm:mr-2 sm:w-auto">{t("operator.title")}</p>
      {navigation.map(({ key, path }) => (
        <NavLink key={key} to={path ? `/operator/${path}` : "/operator"} end={path === ""} className={linkClass}>
          {t(`operator.nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
