// Every route of SPEC.md §2. Unknown paths redirect to /404. Home and the layouts are in the first download; every
// other page is its own chunk, fetched when it is first shown. React Router in its declarative mode (decision 068):
// the routes are matched where they render, and nothing of the data router (loaders, actions, fetchers, its state
// machine; about 17 KiB of the first download) is loaded.
import { Component, use, type ComponentType, type ReactElement, type ReactNode } from "react";
import { Navigate, matchRoutes, useLocation, useRoutes, type RouteObject } from "react-router-dom";
import { MainLayout } from "./layout/main-layout";
import { HomePage } from "../features/auctions/pages/home-page";
import { GuestOnlyRoute, ProtectedRoute } from "../features/auth/components/protected-route";
import { RouteErrorPage } from "../features/errors/pages/route-error-page";
import { loadInfoTexts, loadLaterTexts } from "../lib/i18n";
import { loadLifecycleActors } from "../features/auctions/live/use-auction-lifecycle";
import { OperatorGate } from "./operator-gate";

/**
 * A page's component from a chunk of its own (with whatever else it needs first), fetched once. A fetch that failed
 * stays failed while the page shows its error; once the error page has caught it (`forgetFailedPages`), the page's
 * next showing asks again. (Chromium itself keeps a module it could not fetch as failed until the document loads
 * again: the error page's "Try again" does that.)
 */
export class PageChunk {
  private static failed = new Set<PageChunk>();
  private loading: Promise<ComponentType> | undefined;

  constructor(private readonly fetchPage: () => Promise<ComponentType>) {}

  load(): Promise<ComponentType> {
    this.loading ??= readableAtOnce(
      this.fetchPage().catch((error: unknown) => {
        PageChunk.failed.add(this);
        throw error;
      }),
    );
    return this.loading;
  }

  /** Lets every page whose chunk did not come be fetched again the next time it is shown. */
  static forgetFailedPages(): void {
    for (const chunk of PageChunk.failed) chunk.loading = undefined;
    PageChunk.failed.clear();
  }
}

/**
 * The promise, marked as settled once it is, the way React's `use` marks the promises it waits for (their `status`
 * and `value` or `reason`). A page's chunk fetched before React first asks for it (the page at the address, before
 * the first render) is then read at once: the first render does not wait a turn for what is already here, so a page
 * the server drew hydrates whole, in one pass.
 */
function readableAtOnce<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  marked.status = "pending";
  promise.then(
    (value) => {
      Object.assign(marked, { status: "fulfilled", value });
    },
    (reason: unknown) => {
      Object.assign(marked, { status: "rejected", reason });
    },
  );
  return promise;
}

/** The page, once its chunk is in; until then it suspends (a navigation keeps the page it leaves meanwhile). */
function LazyPage({ chunk }: { chunk: PageChunk }) {
  const Page = use(chunk.load());
  // The same component on every render: the chunk's, fetched once (the rule cannot see that `load` caches it).
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}

/** A route whose page comes from `load`'s chunk, with the later texts and `before`'s part. */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  before?: () => Promise<void>,
): { element: ReactElement; handle: PageChunk } {
  const chunk = new PageChunk(async () => {
    const [module] = await Promise.all([load(), loadLaterTexts(), before?.()]);
    return pick(module);
  });
  return { element: <LazyPage chunk={chunk} />, handle: chunk };
}

const auctionDetail = () => import("../features/auctions/pages/auction-detail-page");
const listPages = () => import("../features/auctions/pages/list-pages");
const emailPages = () => import("../features/auth/pages/email-pages");
const infoPages = () => import("../features/info/pages/info-pages");
const paymentResultPages = () => import("../features/wallet/pages/payment-result-pages");

const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "auctions/:auctionId", ...lazyPage(auctionDetail, (m) => m.AuctionDetailPage, loadLifecycleActors) },
      { path: "privacy-policy", ...lazyPage(infoPages, (m) => m.PrivacyPolicyPage, loadInfoTexts) },
      { path: "terms-of-service", ...lazyPage(infoPages, (m) => m.TermsOfServicePage, loadInfoTexts) },
      { path: "contacts", ...lazyPage(infoPages, (m) => m.ContactsPage, loadInfoTexts) },
      { path: "faq", ...lazyPage(infoPages, (m) => m.FaqPage, loadInfoTexts) },
      {
        path: "winners",
        ...lazyPage(
          () => import("../features/reviews"),
          (m) => m.WinnersPage,
        ),
      },
      // Operators only; its pages are routes of its own chunk.
      { path: "operator/*", element: <OperatorGate /> },
      {
        path: "404",
        ...lazyPage(
          () => import("../features/errors/pages/not-found-page"),
          (m) => m.NotFoundPage,
        ),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: "profile",
            ...lazyPage(
              () => import("../features/profile/pages/profile-page"),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: "wallet",
            ...lazyPage(
              () => import("../features/wallet/pages/wallet-page"),
              (m) => m.WalletPage,
            ),
          },
          { path: "payments/success", ...lazyPage(paymentResultPages, (m) => m.PaymentSuccessPage) },
          { path: "payments/failed", ...lazyPage(paymentResultPages, (m) => m.PaymentFailedPage) },
          { path: "payments/canceled", ...lazyPage(paymentResultPages, (m) => m.PaymentCanceledPage) },
          { path: "favourites", ...lazyPage(listPages, (m) => m.FavouritesPage) },
          {
            path: "auctions/won",
            ...lazyPage(
              () => import("../features/won"),
              (m) => m.WonAuctionsPage,
            ),
          },
          { path: "auctions/my-active", ...lazyPage(listPages, (m) => m.MyActiveAuctionsPage) },
        ],
      },
    ],
  },
  {
    // The account pages' layout carries the language and settings menus (Radix): not needed by Home.
    ...lazyPage(
      () => import("./layout/auth-layout"),
      (m) => m.AuthLayout,
    ),
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          {
            path: "sign-in",
            ...lazyPage(
              () => import("../features/auth/pages/sign-in-page"),
              (m) => m.SignInPage,
            ),
          },
          {
            path: "sign-up",
            ...lazyPage(
              () => import("../features/auth/pages/sign-up-page"),
              (m) => m.SignUpPage,
            ),
          },
          { path: "forgot-password", ...lazyPage(emailPages, (m) => m.ForgotPasswordPage) },
          { path: "forgot-password/sent", ...lazyPage(emailPages, (m) => m.ResetLinkSentPage) },
          { path: "reset-password", ...lazyPage(emailPages, (m) => m.ResetPasswordPage) },
          { path: "confirm-email", ...lazyPage(emailPages, (m) => m.ConfirmEmailPage) },
          { path: "confirm-email/failed", ...lazyPage(emailPages, (m) => m.ConfirmEmailFailedPage) },
          { path: "confirm-email/sent", ...lazyPage(emailPages, (m) => m.ConfirmEmailSentPage) },
        ],
      },
      { path: "confirm-email/success", ...lazyPage(emailPages, (m) => m.ConfirmEmailSuccessPage) },
      {
        path: "sign-out",
        ...lazyPage(
          () => import("../features/auth/pages/sign-out-page"),
          (m) => m.SignOutPage,
        ),
      },
    ],
  },
  { path: "*", element: <Navigate to="/404" replace /> },
];

/**
 * Fetches the chunks of the pages `pathname` shows; false when one did not come (the page then shows its error). A
 * page the server drew is hydrated with its chunk already in, so that it renders whole the first time (decision 061).
 */
export async function loadPagesOf(pathname: string): Promise<boolean> {
  const chunks = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => (route.handle instanceof PageChunk ? [route.handle] : []));
  const loads = await Promise.allSettled(chunks.map((chunk) => chunk.load()));
  return loads.every((load) => load.status === "fulfilled");
}

/**
 * The page at the address, or the error page when it throws (until another address is shown). No Suspense boundary
 * around it: React hydrates a boundary's content in a later pass than the rest, by which time the page's countdowns
 * no longer show the moment the server drew. A page whose chunk is on its way suspends a navigation, which the router
 * makes a transition: the page being left stays until the next one is in.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

type BoundaryState = { hasFailed: boolean; pathname: string };

/** Shown when a page throws as it renders (its chunk did not come, say): a translated message, never a stack trace. */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasFailed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { hasFailed: false, pathname: props.pathname };
  }

  override componentDidCatch(): void {
    PageChunk.forgetFailedPages();
  }

  override render() {
    return this.state.hasFailed ? <RouteErrorPage /> : this.props.children;
  }
}
