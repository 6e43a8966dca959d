// Toasts: short messages in a live region (errors as alerts), dismissed after a few seconds or by the user.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CloseGlyph } from "./icons";

type Toast = { id: number; kind: "success" | "error" | "info"; message: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(kind: Toast["kind"], message: string, durationMs = 6000): void {
  const id = nextId++;
  toasts = [...toasts.filter((toast) => toast.message !== message), { id, kind, message }];
  emit();
  setTimeout(() => dismissToast(id), durationMs);
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
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[1300] flex flex-col items-center gap-2 px-4">
      {current.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${styles[toast.kind]}`}
        >
          <p className="flex-1">{toast.message}</p>
          <button type="button" aria-label={t("common.close")} onClick={() => dismissToast(toast.id)} className="opacity-60 hover:opacity-100">
            <CloseGlyph className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
