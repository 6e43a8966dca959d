import { render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { optionalLazy } from "./optional-lazy";

describe("an optional part of a page", () => {
  it("draws its component once its chunk has loaded", async () => {
    const Part = optionalLazy(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    render(
      <Suspense fallback={null}>
        <Part name="Anna" />
      </Suspense>,
    );
    expect(await screen.findByText("Hello Anna")).toBeTruthy();
  });

  it("draws nothing, and lets the page live on, when its chunk cannot load", async () => {
    const Part = optionalLazy<{ name: string }>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <main>
        <h1>The page</h1>
        <Suspense fallback={<p>Loading</p>}>
          <Part name="Anna" />
        </Suspense>
      </main>,
    );
    // Loaded (or not): the fallback goes, and nothing takes its place.
    await screen.findByText("The page");
    await waitFor(() => expect(screen.queryByText("Loading")).toBeNull());
    expect(screen.queryByText(/Hello/)).toBeNull();
    // Still drawn: a failing part would have taken the whole tree down with it.
    expect(screen.getByRole("heading", { name: "The page" })).toBeTruthy();
  });
});
