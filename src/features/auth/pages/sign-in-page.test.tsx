import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { auth, refusal, server } from "../../../../tests/support/msw";
import { renderRoutes } from "../../../../tests/support/render";
import { SignInPage } from "./sign-in-page";

describe("the sign-in form", () => {
  it.each([
    [
      "a server busy hashing passwords",
      () => refusal(503, "SERVER_BUSY", "English for logs", undefined, { "Retry-After": "6" }),
      "The server is busy right now. Please try again in a few seconds.",
    ],
    [
      "too many failed attempts",
      () => refusal(429, "RATE_LIMITED", "English for logs"),
      "Too many attempts. Please wait a moment and try again.",
    ],
  ])("says so in words when the sign-in is refused by %s", async (_case, answer, message) => {
    server.use(auth.signedOut(), auth.signIn(answer));
    renderRoutes([{ path: "/sign-in", element: <SignInPage /> }], "/sign-in");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "anna@example.lv");
    await user.type(screen.getByLabelText("Password"), "Secret1!");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });
});
