import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { RegisterSWOptions } from "vite-plugin-pwa/types";
import { Toaster } from "../components/ui/toast";
import { i18n } from "../lib/i18n";
import { registerServiceWorker } from "./service-worker";

/** A stand-in for vite-plugin-pwa's registerSW: keeps the callbacks, so the test plays the browser's worker events. */
function fakeRegistration() {
  let callbacks: RegisterSWOptions = {};
  const activateWaitingWorker = vi.fn(() => Promise.resolve());
  const register = (options: RegisterSWOptions) => {
    callbacks = options;
    return activateWaitingWorker;
  };
  return { register, activateWaitingWorker, newWorkerIsWaiting: () => act(() => callbacks.onNeedRefresh?.()) };
}

describe("the update prompt", () => {
  it("says nothing while no new version waits", () => {
    const registration = fakeRegistration();
    render(<Toaster />);
    registerServiceWorker(registration.register, i18n.t);
    expect(screen.queryByText("A new version of Pennybid is available.")).toBeNull();
    expect(registration.activateWaitingWorker).not.toHaveBeenCalled();
  });

  it("offers a reload when a new deployment's worker waits, and activates it only when asked", () => {
    vi.useFakeTimers();
    const registration = fakeRegistration();
    render(<Toaster />);
    registerServiceWorker(registration.register, i18n.t);
    registration.newWorkerIsWaiting();
    // It stays until the user chooses: an update prompt that disappears by itself is easily missed.
    act(() => vi.advanceTimersByTime(60_000));
    vi.useRealTimers();
    expect(screen.getByRole("status")).toHaveTextContent("A new version of Pennybid is available.");
    expect(registration.activateWaitingWorker).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(registration.activateWaitingWorker).toHaveBeenCalledOnce();
    expect(screen.queryByText("A new version of Pennybid is available.")).toBeNull();
  });

  it("offers the reload once when the new worker is reported twice (installed, then waiting), so a tap is never lost to a new toast", () => {
    const registration = fakeRegistration();
    render(<Toaster />);
    registerServiceWorker(registration.register, i18n.t);
    registration.newWorkerIsWaiting();
    const reload = screen.getByRole("button", { name: "Reload" });
    registration.newWorkerIsWaiting();
    // The same button, not a new toast's: a tap that began on it ends on it.
    expect(screen.getByRole("button", { name: "Reload" })).toBe(reload);
    fireEvent.click(reload);
    expect(registration.activateWaitingWorker).toHaveBeenCalledOnce();
  });
});
