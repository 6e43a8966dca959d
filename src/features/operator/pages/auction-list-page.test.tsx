// The auctions list in the back office: what it says when a status has none, when a search finds none, when the
// server refuses, and a found page with its count, rows and pager.
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { OperatorAuction } from "../../../../contract";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

beforeAll(() => loadOperatorTexts());

const path = "/api/operator/auctions";
const auction = (id: number): OperatorAuction => ({
  id,
  status: "Running",
  title: `Kettle ${id}`,
  priceCents: 123,
  entryFeeCents: 100,
  retailValueCents: 4_900,
  startsAt: "2030-01-01T10:00:00.000Z",
  endsAt: "2030-01-01T12:00:00.000Z",
  endedAt: null,
  bidCount: 7,
  enrolledCount: 3,
  leaderName: null,
  winnerName: null,
  winnerEmail: null,
  isDemo: false,
  seq: 1,
});
const open = (address: string) => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], address);

describe("the auctions list", () => {
  it("says a status has no auctions", async () => {
    operatorApi.answering({ [`GET ${path}`]: () => json({ items: [], total: 0 }) });
    open("/operator/auctions?status=Ended");
    expect(await screen.findByText("No auctions in this status.")).toBeInTheDocument();
  });

  it("says a search matched none", async () => {
    const api = operatorApi.answering({ [`GET ${path}`]: () => json({ items: [], total: 0 }) });
    open("/operator/auctions?status=Ended&q=toaster");
    expect(await screen.findByText("No auction in this status matches “toaster”.")).toBeInTheDocument();
    expect(api.callsTo("GET", path)[0]!.query.get("search")).toBe("toaster");
  });

  it("shows the server's refusal instead of a list", async () => {
    operatorApi.answering({ [`GET ${path}`]: () => refusal(400, "VALIDATION_FAILED") });
    open("/operator/auctions");
    // Shown once the app's two retries (1 s, then 2 s later) were refused too.
    expect(await screen.findByText("Please check the highlighted fields.", {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Found:/)).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Auction pages" })).not.toBeInTheDocument();
  });

  it("counts what it found and shows a row for each, with a pager when there is more than a page", async () => {
    const api = operatorApi.answering({ [`GET ${path}`]: () => json({ items: [auction(1), auction(2)], total: 45 }) });
    open("/operator/auctions?status=Running&page=2");
    expect(await screen.findByText("Found: 45")).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo("GET", path)[0]!.query)).toMatchObject({ status: "Running", limit: "20", offset: "20" });
    expect(screen.getByRole("link", { name: /Kettle 1/ })).toHaveAttribute("href", "/operator/auctions/1");
    expect(screen.getByRole("link", { name: /Kettle 2/ })).toHaveAttribute("href", "/operator/auctions/2");
    expect(within(screen.getByRole("navigation", { name: "Auction pages" })).getByText("Page 2 of 3")).toBeInTheDocument();
  });
});
