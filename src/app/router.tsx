// Every route of SPEC.md §2. Unknown paths redirect to /404.
import { Navigate, createBrowserRouter, type RouteObject } from "react-router-dom";
import { AuthLayout } from "../components/layout/AuthLayout";
import { MainLayout } from "../components/layout/MainLayout";
import { AuctionDetailPage } from "../features/auctions/pages/AuctionDetailPage";
import { FavouritesPage, MyActiveAuctionsPage, WonAuctionsPage } from "../features/auctions/pages/ListPages";
import { HomePage } from "../features/auctions/pages/HomePage";
import { GuestOnlyRoute, ProtectedRoute } from "../features/auth/components/ProtectedRoute";
import { authPage } from "../features/auth/pages/AuthPages";
import { NotFoundPage } from "../features/errors/pages/NotFoundPage";
import { ContactsPage, FaqPage, PrivacyPolicyPage, TermsOfServicePage } from "../features/info/pages/InfoPages";
import { ProfilePage } from "../features/profile/pages/ProfilePage";
import {
  PaymentCanceledPage,
  PaymentFailedPage,
  PaymentSuccessPage,
} from "../features/wallet/pages/PaymentResultPages";

const page = (Component: () => React.ReactNode) => <Component />;

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
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
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: "sign-in", element: page(authPage("signIn")) },
          { path: "sign-up", element: page(authPage("signUp")) },
          { path: "forgot-password", element: page(authPage("forgotPassword")) },
          { path: "forgot-password/sent", element: page(authPage("resetLinkSent")) },
          { path: "reset-password", element: page(authPage("resetPassword")) },
          { path: "confirm-email", element: page(authPage("confirmEmail")) },
          { path: "confirm-email/failed", element: page(authPage("confirmEmailFailed")) },
          { path: "confirm-email/sent", element: page(authPage("confirmEmailSent")) },
        ],
      },
      { path: "confirm-email/success", element: page(authPage("confirmEmailSuccess")) },
      { path: "sign-out", element: page(authPage("signOut")) },
    ],
  },
  { path: "*", element: <Navigate to="/404" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
