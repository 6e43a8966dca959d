import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { auth, server } from "../../../../tests/support/msw";
import { renderRoutes } from "../../../../tests/support/render";
import { signedInUser } from "../../../../tests/support/spa-fixtures";
import { GuestOnlyRoute, ProtectedRoute } from "./protected-route";

const routes = [
  { path: "/", element: <p>Home page</p> },
  { path: "/sign-in", element: <p>Sign-in page</p> },
  { element: <ProtectedRoute />, children: [{ path: "/favourites", element: <p>Favourites page</p> }] },
  { element: <GuestOnlyRoute />, children: [{ path: "/sign-up", element: <p>Sign-up page</p> }] },
];

describe("the protected-area guard", () => {
  it("sends an anonymous visitor to /sign-in, replacing the entry and carrying the return address", async () => {
    server.use(auth.signedOut());
    const { router } = renderRoutes(routes, "/favourites?sort=new");
    expect(await screen.findByText("Sign-in page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?returnUrl=%2Ffavourites%3Fsort%3Dnew");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows the thin progress bar while the user is still loading", async () => {
    server.use(auth.stillAsking());
    renderRoutes(routes, "/favourites");
    expect(await screen.findByRole("progressbar")).toBeInTheDocument();
    expect(screen.queryByText("Favourites page")).not.toBeInTheDocument();
  });

  it("shows the page to a signed-in user", async () => {
    server.use(auth.signedIn(signedInUser));
    renderRoutes(routes, "/favourites");
    expect(await screen.findByText("Favourites page")).toBeInTheDocument();
  });

  it("says 'Something went wrong' when the user cannot be known", async () => {
    server.use(auth.garbled());
    renderRoutes(routes, "/favourites");
    expect(await screen.findByText("Something went wrong", {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("sends a signed-in user away from the account pages to /", async () => {
    server.use(auth.signedIn(signedInUser));
    renderRoutes(routes, "/sign-up");
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });
});
