import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderRoutes, stubServer } from "../../../../tests/support/render";
import { SignInPage } from "./SignInPage";

afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, code: string, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify({ error: { code, message: "English for logs" } }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

describe("the sign-in form", () => {
  it.each([
    [
      "a server busy hashing passwords",
      refusal(503, "SERVER_BUSY", { "Retry-After": "6" }),
      "The server is busy right now. Please try again in a few seconds.",
    ],
    ["too many failed attempts", refusal(429, "RATE_LIMITED"), "Too many attempts. Please wait a moment and try again."],
  ])("says so in words when the sign-in is refused by %s", async (_case, answer, message) => {
    const { fetchStub } = stubServer({ "/authn/user": () => json({ isAuthenticated: false }), "/authn/sign-in": answer });
    vi.stubGlobal("fetch", fetchStub);
    renderRoutes([{ path: "/sign-in", element: <SignInPage /> }], "/sign-in");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "anna@example.lv");
    await user.type(screen.getByLabelText("Password"), "Secret1!");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });
});
