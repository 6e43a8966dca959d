// Every route of SPEC.md §2. Unknown paths redirect to /404. Home and the layouts are in the first download; every
// other page is its own chunk, fetched when the router first needs it (React Router's `lazy`).
import type { ComponentType } from "react";
import { Navigate, createBrowserRouter, type RouteObject } from "react-router-dom";
import { MainLayout } from "./layout/MainLayout";
import { HomePage } from "../features/auctions/pages/HomePage";
import { GuestOnlyRoute, ProtectedRoute } from "../features/auth/components/ProtectedRoute";
import { RouteErrorPage } from "../features/errors/pages/RouteErrorPage";
import { loadInfoTexts, loadLaterTexts } from "../lib/i18n";
import { loadLifecycleActors } from "../features/auctions/live/use-auction-lifecycle";
import { OperatorGate } from "./OperatorGate";

/** A route whose page component comes from a chunk loaded on first visit (and whatever else it needs first). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, before?: () => Promise<void>) {
  return async () => {
    const [module] = await Promise.all([load(), loadLaterTexts(), before?.()]);
    return { Component: pick(module) };
  };
}

const auctionDetail = () => import("../features/auctions/pages/AuctionDetailPage");
const listPages = () => import("../features/auctions/pages/ListPages");
const emailPages = () => import("../features/auth/pages/EmailPages");
const infoPages = () => import("../features/info/pages/InfoPages");
const paymentResultPages = () => import("../features/wallet/pages/PaymentResultPages");

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "auctions/:auctionId", lazy: lazyPage(auctionDetail, (m) => m.AuctionDetailPage, loadLifecycleActors) },
      { path: "privacy-policy", lazy: lazyPage(infoPages, (m) => m.PrivacyPolicyPage, loadInfoTexts) },
      { path: "terms-of-service", lazy: lazyPage(infoPages, (m) => m.TermsOfServicePage, loadInfoTexts) },
      { path: "contacts", lazy: lazyPage(infoPages, (m) => m.ContactsPage, loadInfoTexts) },
      { path: "faq", lazy: lazyPage(infoPages, (m) => m.FaqPage, loadInfoTexts) },
      // Operators only; its pages are routes of its own chunk.
      { path: "operator/*", element: <OperatorGate /> },
      { path: "404", lazy: lazyPage(() => import("../features/errors/pages/NotFoundPage"), (m) => m.NotFoundPage) },
      {
        element: <ProtectedRoute />,
        children: [
          { path: "profile", lazy: lazyPage(() => import("../features/profile/pages/ProfilePage"), (m) => m.ProfilePage) },
          { path: "wallet", lazy: lazyPage(() => import("../features/wallet/pages/WalletPage"), (m) => m.WalletPage) },
          { path: "payments/success", lazy: lazyPage(paymentResultPages, (m) => m.PaymentSuccessPage) },
          { path: "payments/failed", lazy: lazyPage(paymentResultPages, (m) => m.PaymentFailedPage) },
          { path: "payments/canceled", lazy: lazyPage(paymentResultPages, (m) => m.PaymentCanceledPage) },
          { path: "favourites", lazy: lazyPage(listPages, (m) => m.FavouritesPage) },
          { path: "auctions/won", lazy: lazyPage(() => import("../features/won"), (m) => m.WonAuctionsPage) },
          { path: "auctions/my-active", lazy: lazyPage(listPages, (m) => m.MyActiveAuctionsPage) },
        ],
      },
    ],
  },
  {
    // The account pages' layout carries the language and settings menus (Radix): not needed by Home.
    lazy: lazyPage(() => import("./layout/AuthLayout"), (m) => m.AuthLayout),
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: "sign-in", lazy: lazyPage(() => import("../features/auth/pages/SignInPage"), (m) => m.SignInPage) },
          { path: "sign-up", lazy: lazyPage(() => import("../features/auth/pages/SignUpPage"), (m) => m.SignUpPage) },
          { path: "forgot-password", lazy: lazyPage(emailPages, (m) => m.ForgotPasswordPage) },
          { path: "forgot-password/sent", lazy: lazyPage(emailPages, (m) => m.ResetLinkSentPage) },
          { path: "reset-password", lazy: lazyPage(emailPages, (m) => m.ResetPasswordPage) },
          { path: "confirm-email", lazy: lazyPage(emailPages, (m) => m.ConfirmEmailPage) },
          { path: "confirm-email/failed", lazy: lazyPage(emailPages, (m) => m.ConfirmEmailFailedPage) },
          { path: "confirm-email/sent", lazy: lazyPage(emailPages, (m) => m.ConfirmEmailSentPage) },
        ],
      },
      { path: "confirm-email/success", lazy: lazyPage(emailPages, (m) => m.ConfirmEmailSuccessPage) },
      { path: "sign-out", lazy: lazyPage(() => import("../features/auth/pages/SignOutPage"), (m) => m.SignOutPage) },
    ],
  },
  { path: "*", element: <Navigate to="/404" replace /> },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createRouter(): AppRouter {
  return createBrowserRouter(routes);
}
