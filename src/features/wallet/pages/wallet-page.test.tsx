import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WalletTransaction } from "../../../../contract";
import { auth, server, wallet } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { signedInUser } from "../../../../tests/support/spa-fixtures";
import { WalletPage } from "./wallet-page";

const fee = (id: number): WalletTransaction => ({
  id,
  amount: -0.5,
  description: `Entry fee: Speaker ${id}`,
  createdAt: "2026-11-23T10:00:00.000Z",
  type: "AuctionEnrollment",
  auction: { id: 100 + id, title: `Speaker ${id}` },
});

function renderWallet({ isWide }: { isWide: boolean }) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: isWide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  server.use(
    auth.signedIn(signedInUser),
    ...wallet.page(
      12.5,
      Array.from({ length: 25 }, (_, i) => fee(25 - i)),
    ),
  );
  renderWithRouter(<WalletPage />, "/wallet");
}

afterEach(() => vi.unstubAllGlobals());

describe("the wallet's transactions", () => {
  it("on a phone, are a list that grows by twenty with Show more, until there are no more", async () => {
    renderWallet({ isWide: false });
    const list = await screen.findByRole("list");
    expect(await within(list).findAllByRole("listitem")).toHaveLength(20);
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await within(list).findByRole("link", { name: "Entry fee: Speaker 1" })).toBeTruthy();
    expect(within(list).getAllByRole("listitem")).toHaveLength(25);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("on a wider screen, are a table with pages", async () => {
    renderWallet({ isWide: true });
    const table = await screen.findByRole("table");
    expect(await within(table).findByRole("link", { name: "Entry fee: Speaker 25" })).toBeTruthy();
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
