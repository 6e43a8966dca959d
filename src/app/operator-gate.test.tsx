// Who gets into /operator: operators get the back office; a bidder or a visitor gets the 404 page.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bidder, operator } from "../../tests/support/operator-api";
import { operatorApi } from "../../tests/support/msw";
import { json, renderRoutes } from "../../tests/support/render";
import { OperatorGate } from "./operator-gate";

const renderGate = (path = "/operator/auctions") =>
  renderRoutes(
    [
      { path: "operator/*", element: <OperatorGate /> },
      { path: "404", element: <h1>Page not found</h1> },
    ],
    path,
  );

describe("the back office's door", () => {
  it("lets an operator in: /operator opens the overview, counted by the operator API", async () => {
    const api = operatorApi.answering(
      { "GET /api/operator/overview": () => json({ running: 3, startingSoon: 1, unpaid: 2, toSend: 0 }) },
      operator,
    );
    const { router } = renderGate("/operator");
    expect(await screen.findByRole("heading", { level: 1, name: "Overview" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/operator");
    await waitFor(() => expect(api.callsTo("GET", "/api/operator/overview")).toHaveLength(1));
  });

  it("sends a bidder to the 404 page without asking the operator API", async () => {
    const api = operatorApi.answering({}, bidder);
    const { router } = renderGate();
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/404");
    expect(api.calls.filter((call) => call.path.startsWith("/api/operator"))).toEqual([]);
  });

  it("sends a visitor who is not signed in to the 404 page too", async () => {
    operatorApi.answering({}, { isAuthenticated: false });
    const { router } = renderGate("/operator/users");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/404");
  });
});
