import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InfoAlert } from "./info-alert";

vi.mock("../../lib/socket", () => import("../../../tests/support/fake-socket"));

const OFFLINE = "You are offline. Live prices resume when you reconnect.";

function browserGoes(isOnline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(isOnline);
  act(() => {
    window.dispatchEvent(new Event(isOnline ? "online" : "offline"));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the header's info alert", () => {
  it("says at once that the browser is offline, and goes when it is back online", () => {
    render(<InfoAlert />);
    expect(screen.queryByText(OFFLINE)).toBeNull();
    browserGoes(false);
    expect(screen.getByRole("status")).toHaveTextContent(OFFLINE);
    browserGoes(true);
    expect(screen.queryByText(OFFLINE)).toBeNull();
    expect(screen.getByRole("status", { hidden: true })).not.toBeVisible();
  });
});
