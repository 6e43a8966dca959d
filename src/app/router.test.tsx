// The app's routes in React Router's declarative mode (decision 068): a page's chunk fetched before the first render
// is drawn in that render, a page that throws shows the error page until another address is shown, and a chunk that
// did not come is fetched again once its error page is left.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { operatorApi } from "../../tests/support/msw";
import { withProviders } from "../../tests/support/render";
import { AppRoutes, PageChunk, loadPagesOf } from "./router";

const notFoundPage = vi.hoisted(() => ({ throws: false }));
vi.mock("../features/errors/pages/not-found-page", () => ({
  NotFoundPage: () => {
    if (notFoundPage.throws) throw new Error("the page broke");
    return <h1>Page not found</h1>;
  },
}));

afterEach(() => {
  notFoundPage.throws = false;
  vi.restoreAllMocks();
});

const renderApp = (path: string) => {
  operatorApi.answering({}, { isAuthenticated: false });
  const { element, router } = withProviders([{ path: "*", element: <AppRoutes /> }], path);
  return { ...render(element), router };
};

describe("the app's routes", () => {
  it("draws the page at the address in the first render when its chunk was fetched before it", async () => {
    expect(await loadPagesOf("/404")).toBe(true);
    renderApp("/404");
    // Not `findBy`: no turn of the event loop between the render and this line.
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });

  it("shows the error page when a page throws, and the next address's page once it is shown", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    notFoundPage.throws = true;
    const { router } = renderApp("/404");
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    // A page whose code did not come stays failed in the browser until the page loads afresh: "Try again" does that.
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reload).toHaveBeenCalledTimes(1);

    notFoundPage.throws = false;
    await act(() => router.navigate("/contacts"));
    expect(await screen.findByRole("heading", { level: 1, name: "Contacts" })).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
    await act(() => router.navigate("/404"));
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });
});

describe("a page's chunk", () => {
  it("is fetched once, stays failed when it did not come, and is fetched again once the failures are forgotten", async () => {
    const Page = () => null;
    let isOnline = false;
    const fetchPage = vi.fn(async () => {
      if (!isOnline) throw new Error("offline");
      return Page;
    });
    const chunk = new PageChunk(fetchPage);
    await expect(chunk.load()).rejects.toThrow("offline");
    await expect(chunk.load()).rejects.toThrow("offline");
    expect(fetchPage).toHaveBeenCalledTimes(1);

    isOnline = true;
    await expect(chunk.load()).rejects.toThrow("offline");
    PageChunk.forgetFailedPages();
    await expect(chunk.load()).resolves.toBe(Page);
    await expect(chunk.load()).resolves.toBe(Page);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
