// The service worker (decision 013): registered in production builds only; when a new deployment's worker is
// installed and waiting, a toast offers to reload into it. Nothing changes under the user's feet until they choose.
import type { TFunction } from "i18next";
import type { RegisterSWOptions } from "vite-plugin-pwa/types";
import { showToast } from "../components/ui/toast";

/** vite-plugin-pwa's `registerSW` (virtual:pwa-register): gives back the call that activates the waiting worker. */
export type RegisterServiceWorker = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export function registerServiceWorker(register: RegisterServiceWorker, t: TFunction): void {
  // vite-plugin-pwa reports a new worker twice on a page open since the first visit: once installed, and again about
  // 200 ms later as waiting. A second toast would replace the first under the user's finger, and a tap that began on
  // the one and ended on the other would be lost. So the reload is offered once in a page's life; a user who closed
  // it is offered it again on their next visit, while the worker still waits.
  let isOffered = false;
  const activateWaitingWorker = register({
    onNeedRefresh: () => {
      if (isOffered) return;
      isOffered = true;
      showToast("info", t("app.updateAvailable"), {
        action: {
          label: t("app.reload"),
          onSelect: () => {
            // The page reloads once the new worker has taken it over, so it runs the new deployment's code.
            navigator.serviceWorker?.addEventListener("controllerchange", () => window.location.reload(), { once: true });
            void activateWaitingWorker();
          },
        },
      });
    },
    // Workbox would reload by itself only on a page that had a worker when it loaded, not on one open since the
    // first visit (the worker took it over later): the reload above covers both, so Workbox's is turned off.
    onNeedReload: () => undefined,
    // Without a worker the app works as before, only not offline: nothing to tell the user.
    onRegisterError: () => undefined,
  });
}
