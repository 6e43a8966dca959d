// Every route of SPEC.md §2. Unknown paths redirect to /404.
import { Navigate, createBrowserRouter, type RouteObject } from "react-router-dom";
import { AuthLayout } from "../components/layout/AuthLayout";
import { MainLayout } from "../components/layout/MainLayout";
import { AuctionDetailPage } from "../features/auctions/pages/AuctionDetailPage";
import { FavouritesPage, MyActiveAuctionsPage, WonAuctionsPage } from "../features/auctions/pages/ListPages";
import { HomePage } from "../features/auctions/pages/HomePage";
import { GuestOnlyRoute, ProtectedRoute } from "../features/auth/components/ProtectedRoute";
import {
  ConfirmEmailFailedPage,
  ConfirmEmailPage,
  ConfirmEmailSentPage,
  ConfirmEmailSuccessPage,
  ForgotPasswordPage,
  ResetLinkSentPage,
  ResetPasswordPage,
} from "../features/auth/pages/EmailPages";
import { SignInPage } from "../features/auth/pages/SignInPage";
import { SignOutPage } from "../features/auth/pages/SignOutPage";
import { SignUpPage } from "../features/auth/pages/SignUpPage";
import { NotFoundPage } from "../features/errors/pages/NotFoundPage";
import { RouteErrorPage } from "../features/errors/pages/RouteErrorPage";
import { ContactsPage, FaqPage, PrivacyPolicyPage, TermsOfServicePage } from "../features/info/pages/InfoPages";
import { ProfilePage } from "../features/profile/pages/ProfilePage";
import {
  PaymentCanceledPage,
  PaymentFailedPage,
  PaymentSuccessPage,
} from "../features/wallet/pages/PaymentResultPages";
import { WalletPage } from "../features/wallet/pages/WalletPage";

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "auctions/:auctionId", element: <AuctionDetailPage /> },
      { path: "privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "terms-of-service", element: <TermsOfServicePage /> },
      { path: "contacts", element: <ContactsPage /> },
      { path: "faq", element: <FaqPage /> },
      { path: "404", element: <NotFoundPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: "profile", element: <ProfilePage /> },
          { path: "wallet", element: <WalletPage /> },
          { path: "payments/success", element: <PaymentSuccessPage /> },
          { path: "payments/failed", element: <PaymentFailedPage /> },
          { path: "payments/canceled", element: <PaymentCanceledPage /> },
          { path: "favourites", element: <FavouritesPage /> },
          { path: "auctions/won", element: <WonAuctionsPage /> },
          { path: "auctions/my-active", element: <MyActiveAuctionsPage /> },
        ],
      },
    ],
  },
  {
    element: <AuthLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: "sign-in", element: <SignInPage /> },
          { path: "sign-up", element: <SignUpPage /> },
          { path: "forgot-password", element: <ForgotPasswordPage /> },
          { path: "forgot-password/sent", element: <ResetLinkSentPage /> },
          { path: "reset-password", element: <ResetPasswordPage /> },
          { path: "confirm-email", element: <ConfirmEmailPage /> },
          { path: "confirm-email/failed", element: <ConfirmEmailFailedPage /> },
          { path: "confirm-email/sent", element: <ConfirmEmailSentPage /> },
        ],
      },
      { path: "confirm-email/success", element: <ConfirmEmailSuccessPage /> },
      { path: "sign-out", element: <SignOutPage /> },
    ],
  },
  { path: "*", element: <Navigate to="/404" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
