import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderRoutes, stubServer } from "../../../../tests/support/render";
import { GuestOnlyRoute, ProtectedRoute } from "./ProtectedRoute";

const routes = [
  { path: "/", element: <p>Home page</p> },
  { path: "/sign-in", element: <p>Sign-in page</p> },
  { element: <ProtectedRoute />, children: [{ path: "/favourites", element: <p>Favourites page</p> }] },
  { element: <GuestOnlyRoute />, children: [{ path: "/sign-up", element: <p>Sign-up page</p> }] },
];

const signedIn = { isAuthenticated: true, id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab", firstName: "Anna", lastName: "Bērziņa", displayName: "anna", email: "a@b.lv" };

afterEach(() => vi.unstubAllGlobals());

describe("the protected-area guard", () => {
  it("sends an anonymous visitor to /sign-in, replacing the entry and carrying the return address", async () => {
    const { fetchStub } = stubServer({ "/authn/user": () => json({ isAuthenticated: false }) });
    vi.stubGlobal("fetch", fetchStub);
    const { router } = renderRoutes(routes, "/favourites?sort=new");
    expect(await screen.findByText("Sign-in page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?returnUrl=%2Ffavourites%3Fsort%3Dnew");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows the thin progress bar while the user is still loading", async () => {
    vi.stubGlobal("fetch", () => new Promise<Response>(() => undefined));
    renderRoutes(routes, "/favourites");
    expect(await screen.findByRole("progressbar")).toBeInTheDocument();
    expect(screen.queryByText("Favourites page")).not.toBeInTheDocument();
  });

  it("shows the page to a signed-in user", async () => {
    const { fetchStub } = stubServer({ "/authn/user": () => json(signedIn) });
    vi.stubGlobal("fetch", fetchStub);
    renderRoutes(routes, "/favourites");
    expect(await screen.findByText("Favourites page")).toBeInTheDocument();
  });

  it("says 'Something went wrong' when the user cannot be known", async () => {
    const { fetchStub } = stubServer({ "/authn/user": () => json({ nonsense: true }) });
    vi.stubGlobal("fetch", fetchStub);
    renderRoutes(routes, "/favourites");
    expect(await screen.findByText("Something went wrong", {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("sends a signed-in user away from the account pages to /", async () => {
    const { fetchStub } = stubServer({ "/authn/user": () => json(signedIn) });
    vi.stubGlobal("fetch", fetchStub);
    renderRoutes(routes, "/sign-up");
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });
});
