// Decision 071: while the next page's code is on its way, the page being left stays and a bar says the next one is
// coming; once it is in, the bar goes. The browser's back button goes through the same router.
import { render, screen, waitFor } from "@testing-library/react";
import { use } from "react";
import { I18nextProvider } from "react-i18next";
import { Link, useRoutes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { runOutsideAct } from "../../tests/support/render";
import { i18n } from "../lib/i18n";
import { AppBrowserRouter } from "./app-browser-router";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let slowPageCode = deferred();

function SlowPage() {
  use(slowPageCode.promise);
  return <h1>Slow page</h1>;
}

function Pages() {
  return useRoutes([
    {
      path: "/",
      element: (
        <>
          <h1>Home</h1>
          <Link to="/slow">Go</Link>
        </>
      ),
    },
    { path: "/slow", element: <SlowPage /> },
  ]);
}

const renderApp = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <AppBrowserRouter>
        <Pages />
      </AppBrowserRouter>
    </I18nextProvider>,
  );

// Outside act(), as in the browser, and clicked with the element's own `click()`: fireEvent wraps the click in act(),
// and inside it React does not come back to a navigation that waited on a page's code once that code is in.
runOutsideAct();

afterEach(() => {
  window.history.replaceState(null, "", "/");
  slowPageCode = deferred();
});

describe("the browser's router", () => {
  it("keeps the page being left and shows a loading bar until the next page is in", async () => {
    window.history.replaceState(null, "", "/");
    renderApp();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();

    screen.getByRole("link", { name: "Go" }).click();
    expect(window.location.pathname).toBe("/slow");
    expect(await screen.findByRole("progressbar", { name: "Loading the page" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument();

    slowPageCode.resolve();
    expect(await screen.findByRole("heading", { level: 1, name: "Slow page" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("follows the browser's back button", async () => {
    window.history.replaceState(null, "", "/");
    slowPageCode.resolve();
    renderApp();
    screen.getByRole("link", { name: "Go" }).click();
    expect(await screen.findByRole("heading", { level: 1, name: "Slow page" })).toBeInTheDocument();

    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument();
  });
});
