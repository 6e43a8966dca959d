import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster, showToast } from "./toast";

afterEach(() => {
  vi.useRealTimers();
});

describe("toasts", () => {
  it("do not pile up: a new toast replaces the one of its kind, and other kinds stay", () => {
    render(<Toaster />);
    act(() => {
      showToast("success", "Saved.");
      showToast("error", "Not enough funds in your wallet!");
      showToast("success", "Saved again.");
    });
    expect(screen.queryByText("Saved.")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Saved again.");
    expect(screen.getByRole("alert")).toHaveTextContent("Not enough funds in your wallet!");
    act(() => showToast("error", "Auction has ended"));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("keeps a toast with an action until it is used, then runs the action and goes", () => {
    vi.useFakeTimers();
    const addFunds = vi.fn();
    render(<Toaster />);
    act(() => showToast("error", "Not enough funds in your wallet!", { action: { label: "Add €4.80", onSelect: addFunds } }));
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole("button", { name: "Add €4.80" }));
    expect(addFunds).toHaveBeenCalledOnce();
    expect(screen.queryByText("Not enough funds in your wallet!")).toBeNull();
  });
});
