import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createStore, useStore } from "./create-store";

describe("a shared store", () => {
  it("tells its readers of a change, and only of a change", () => {
    const store = createStore(1);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set(2);
    store.set((current) => current);
    expect(listener).toHaveBeenCalledOnce();
    stop();
    store.set(3);
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get()).toBe(3);
  });

  it("runs its watcher from the first reader to the last", () => {
    const stopWatching = vi.fn();
    const whileWatched = vi.fn(() => stopWatching);
    const store = createStore(0, whileWatched);
    const stopFirst = store.subscribe(() => undefined);
    const stopSecond = store.subscribe(() => undefined);
    expect(whileWatched).toHaveBeenCalledOnce();
    stopFirst();
    expect(stopWatching).not.toHaveBeenCalled();
    stopSecond();
    expect(stopWatching).toHaveBeenCalledOnce();
  });

  it("re-renders a component that shows it", () => {
    const store = createStore("before");
    function Shown() {
      return <p>{useStore(store, (value) => value.toUpperCase())}</p>;
    }
    render(<Shown />);
    expect(screen.getByText("BEFORE")).toBeInTheDocument();
    act(() => store.set("after"));
    expect(screen.getByText("AFTER")).toBeInTheDocument();
  });
});
