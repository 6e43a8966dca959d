// The service worker (decision 013): registered in production builds only; when a new deployment's worker is
// installed and waiting, a toast offers to reload into it. Nothing changes under the user's feet until they choose.
import type { TFunction } from "i18next";
import type { RegisterSWOptions } from "vite-plugin-pwa/types";
import { showToast } from "../components/ui/toast";

/** vite-plugin-pwa's `registerSW` (virtual:pwa-register): gives back the call that activates the waiting worker. */
export type RegisterServiceWorker = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export function registerServiceWorker(register: RegisterServiceWorker, t: TFunction): void {
  const activateWaitingWorker = register({
    // Workbox reloads the page once the new worker controls it.
    onNeedRefresh: () =>
      showToast("info", t("app.updateAvailable"), {
        action: { label: t("app.reload"), onSelect: () => void activateWaitingWorker() },
      }),
    // Without a worker the app works as before, only not offline: nothing to tell the user.
    onRegisterError: () => undefined,
  });
}
