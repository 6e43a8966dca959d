import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router-dom";
import { Toaster } from "../components/ui/toast";
import { AuthProvider } from "../features/auth/auth-provider";
import { i18n } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import type { AppRouter } from "./router";

/** The SPA, with the router src/main.tsx made while the page waited for its texts. */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
