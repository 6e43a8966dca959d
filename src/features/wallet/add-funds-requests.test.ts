import { describe, expect, it, vi } from "vitest";
import { missingAmount, onAddFundsRequested, requestAddFunds } from "./add-funds-requests";

describe("add funds for what is missing", () => {
  it("fills in the missing amount, in euros and cents", () => {
    expect(missingAmount(1234, 2)).toBe("10.34");
    expect(missingAmount(500, 0.01)).toBe("4.99");
  });

  it("asks at least for the smallest top-up (€1.00), since the provider takes nothing less", () => {
    expect(missingAmount(50, 0.2)).toBe("1.00");
    expect(missingAmount(50, undefined)).toBe("1.00");
  });

  it("opens whatever dialog listens, with the amount, until it stops listening", () => {
    const open = vi.fn();
    const stop = onAddFundsRequested(open);
    requestAddFunds("3.00");
    stop();
    requestAddFunds("4.00");
    expect(open.mock.calls).toEqual([["3.00"]]);
  });

  it("keeps a request made before any dialog listens for the first that does (the account menu's chunk is still loading)", () => {
    const opened: string[] = [];
    requestAddFunds("3.00");
    requestAddFunds("4.50"); // only the latest waits
    const stop = onAddFundsRequested((amount) => opened.push(amount));
    expect(opened).toEqual(["4.50"]);
    requestAddFunds("10.00");
    expect(opened).toEqual(["4.50", "10.00"]);
    stop();

    // What waited is handed over once.
    const again = vi.fn();
    onAddFundsRequested(again)();
    expect(again).not.toHaveBeenCalled();
  });
});
