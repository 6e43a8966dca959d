// Toasts: short messages in a live region (errors as alerts), dismissed after a few seconds or by the user.
// They sit at the top, under the header, where they cover no control (the bid control lives at the bottom on a
// phone); a new toast replaces one of the same kind, so they never pile up.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CloseGlyph } from "./icons";

/** An action the toast offers (say, Add funds after 'Not enough funds'); such a toast stays until it is closed. */
export type ToastAction = { label: string; onSelect: () => void };

type Toast = { id: number; kind: "success" | "error" | "info"; message: string; action?: ToastAction };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(kind: Toast["kind"], message: string, options: { durationMs?: number; action?: ToastAction } = {}): void {
  const { durationMs = 6000, action } = options;
  const id = nextId++;
  toasts = [...toasts.filter((toast) => toast.kind !== kind), { id, kind, message, ...(action ? { action } : {}) }];
  emit();
  if (!action) setTimeout(() => dismissToast(id), durationMs);
}

const styles: Record<Toast["kind"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  info: "border-line bg-surface text-ink",
};

export function Toaster() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    // aria-live keeps the toasts out of a modal dialog's aria-hidden (Radix spares live regions): each toast is its own
    // live region (alert or status), the container only carries them.
    <div aria-live="off" className="pointer-events-none fixed inset-x-0 top-[calc(var(--spacing-header-mobile)+0.5rem)] z-[1300] flex flex-col items-center gap-2 px-4 md:top-[calc(var(--spacing-header-desktop)+0.75rem)]">
      {current.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${styles[toast.kind]}`}
        >
          <p className="flex-1">{toast.message}</p>
          {toast.action && (
            <button
              type="button"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.onSelect();
              }}
              className="-my-1 shrink-0 rounded-full bg-primary-700 px-3 py-1 font-semibold whitespace-nowrap text-white hover:bg-primary-800"
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" aria-label={t("common.close")} onClick={() => dismissToast(toast.id)} className="opacity-60 hover:opacity-100">
            <CloseGlyph className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
