import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { useState, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Toaster } from "../components/ui/toast";
import { AuthProvider } from "../features/auth/auth-provider";
import { i18n } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { AppBrowserRouter } from "./app-browser-router";
import { AppRoutes } from "./router";

/**
 * What every page renders around its router: in the browser and in the server's drawing of the first screen alike
 * (src/entry-server.tsx), whose markup the browser hydrates and must find the same (decision 061).
 */
export function AppProviders({ texts, queryClient, children }: { texts: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={texts}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** The SPA: its pages at the browser's address. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders texts={i18n} queryClient={queryClient}>
      <AppBrowserRouter>
        <AppRoutes />
      </AppBrowserRouter>
    </AppProviders>
  );
}
