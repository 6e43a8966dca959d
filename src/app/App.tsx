import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router-dom";
import { Toaster } from "../components/ui/toast";
import { AuthProvider } from "../features/auth/auth-provider";
import { i18n } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { createRouter, type AppRouter } from "./router";

/** The SPA. `router` may come made (src/main.tsx makes it while the page waits for its texts); else it is made here. */
export function App({ router: madeRouter }: { router?: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => madeRouter ?? createRouter());
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
