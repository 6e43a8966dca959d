// Toasts: short messages in a live region (errors as alerts), dismissed after a few seconds or by the user.
// They sit at the top, under the header, where they cover no control (the bid control lives at the bottom on a
// phone); a new toast replaces one of the same kind, so they never pile up. Above everything else (z-index 1400,
// lib/foreground), a guided tour's overlay included, so an urgent one can always be tapped.
import { type MouseEvent } from "react";
import { useTexts } from "../../hooks/use-texts";
import { createStore, useStore } from "../../lib/create-store";
import { CloseGlyph } from "./icons";

/** An action the toast offers (say, Add funds after 'Not enough funds'); such a toast stays until it is closed. */
export type ToastAction = { label: string; onSelect: () => void };

/**
 * A link the toast carries (say, to the auction the user was outbid on): a real link, followed by `onFollow` (the
 * router's navigate; the toaster lives outside the router). Unlike an action, it does not keep the toast up.
 */
export type ToastLink = { label: string; href: string; onFollow: (href: string) => void };

type Toast = { id: number; kind: "success" | "error" | "info" | "warning"; message: string; action?: ToastAction; link?: ToastLink };

const toasts = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.set((shown) => shown.filter((toast) => toast.id !== id));
}

export function showToast(
  kind: Toast["kind"],
  message: string,
  options: { durationMs?: number; action?: ToastAction; link?: ToastLink } = {},
): void {
  const { durationMs = 6000, action, link } = options;
  const id = nextId++;
  toasts.set((shown) => [
    ...shown.filter((toast) => toast.kind !== kind),
    { id, kind, message, ...(action ? { action } : {}), ...(link ? { link } : {}) },
  ]);
  if (!action) setTimeout(() => dismissToast(id), durationMs);
}

const styles: Record<Toast["kind"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  info: "border-line bg-surface text-ink",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50",
};

export function Toaster() {
  const current = useStore(toasts);
  const errors = current.filter((toast) => toast.kind === "error");
  return (
    // The polite status region is always there (a polite region added together with its text is often not read
    // out); an alert is read out when it appears, so the errors' region exists only while it has one (an empty alert
    // would be one more alert on every page). aria-live keeps the toaster out of a modal dialog's aria-hidden (Radix
    // spares live regions and what contains them).
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--spacing-header-mobile)+0.5rem)] z-[1400] flex flex-col items-center gap-2 px-4 md:top-[calc(var(--spacing-header-desktop)+0.75rem)]">
      {errors.length > 0 && (
        <div role="alert" aria-live="assertive" className="flex w-full max-w-md flex-col gap-2">
          {errors.map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
        </div>
      )}
      <div role="status" aria-live="polite" className="flex w-full max-w-md flex-col gap-2">
        {current
          .filter((toast) => toast.kind !== "error")
          .map((toast) => (
            <ToastCard key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTexts();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) goes the browser's way.
    if (!toast.link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dismissToast(toast.id);
    toast.link.onFollow(toast.link.href);
  };
  return (
    <div
      data-kind={toast.kind}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${styles[toast.kind]}`}
    >
      <p className="flex-1">
        {toast.message}
        {toast.link && (
          <>
            {" "}
            <a
              href={toast.link.href}
              onClick={follow}
              className="font-semibold whitespace-nowrap text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-300"
            >
              {toast.link.label}
            </a>
          </>
        )}
      </p>
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
  );
}
