// Renders a piece of the SPA with its real providers: i18n, a fresh query client and an in-memory router.
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router-dom";
import { afterAll, beforeAll } from "vitest";
import { AuthProvider } from "../../src/features/auth/auth-provider";
import { i18n } from "../../src/lib/i18n";
import { createQueryClient } from "../../src/lib/query-client";

/**
 * Tells React and Testing Library that the calling file's tests run outside act(), as the browser does: React
 * schedules its work itself (an update at once in a microtask, a transition in a task of its scheduler), Testing
 * Library's `waitFor` and `findBy…` wait without act(), and React does not warn about updates made outside it.
 */
export function runOutsideAct(): void {
  const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasActEnvironment = flags.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => {
    flags.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    flags.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
}

/** The routes inside the SPA's providers, for a test that renders them itself. */
export function withProviders(routes: RouteObject[], initialPath = "/", onSessionExpired = () => undefined) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient(onSessionExpired);
  const element = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { element, router, queryClient };
}

export function renderRoutes(routes: RouteObject[], initialPath = "/", onSessionExpired = () => undefined) {
  const { element, router, queryClient } = withProviders(routes, initialPath, onSessionExpired);
  return { ...render(element), router, queryClient };
}

export function renderWithRouter(element: ReactNode, initialPath = "/") {
  return renderRoutes([{ path: "*", element }], initialPath);
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Lets the tasks already queued run: the lifecycle actors of the cards just rendered start in a task of their own after
 * the commit (decision 061).
 */
export const actorsStarted = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
