// The auth machine shared by the page: its arrival (a chunk of its own, after the first render) re-renders no reader
// of the user whose slice reads as before, and the live socket takes a new session only after a sign-in or a
// sign-out, not when the page first learns who the user is.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, expect, it, vi } from "vitest";
import { auth, server } from "../../../tests/support/msw";
import { renewSocketSession } from "../../lib/socket";
import { AuthProvider, useAuthActor, useUser } from "./auth-provider";

vi.mock("../../lib/socket", () => import("../../../tests/support/fake-socket"));

const anna = {
  isAuthenticated: true,
  id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab",
  firstName: "Anna",
  lastName: "Bērziņa",
  displayName: "anna",
  email: "anna@example.lv",
  isOperator: false,
};

let renders: string[] = [];

function UserLine() {
  const { data: user, isLoading } = useUser();
  const text = isLoading ? "loading" : user?.isAuthenticated ? `signed in as ${user.displayName}` : "visitor";
  renders.push(text);
  const { send } = useAuthActor();
  return (
    <>
      <p>{text}</p>
      <button type="button" onClick={() => send({ type: "user.signedOut" })}>
        Sign out
      </button>
    </>
  );
}

beforeEach(() => {
  renders = [];
  vi.mocked(renewSocketSession).mockClear();
});

it("renders a reader of the user once while loading, and again only when the user is known", async () => {
  const user = auth.heldUser();
  server.use(user.handler);
  render(
    <AuthProvider>
      <UserLine />
    </AuthProvider>,
  );
  // The machine's chunk comes in and the actor starts, loading: nothing the reader shows has changed.
  await vi.waitFor(() => expect(user.asked()).toBe(true));
  await act(async () => undefined);
  expect(renders).toEqual(["loading"]);

  await act(async () => user.answer({ isAuthenticated: false }));
  expect(await screen.findByText("visitor")).toBeInTheDocument();
  expect(renders).toEqual(["loading", "visitor"]);
  expect(renewSocketSession).not.toHaveBeenCalled();
});

it("gives the live socket a new session after a sign-out, not when the page learns who the user is", async () => {
  server.use(auth.signedIn(anna));
  render(
    <AuthProvider>
      <UserLine />
    </AuthProvider>,
  );
  expect(await screen.findByText("signed in as anna")).toBeInTheDocument();
  expect(renewSocketSession).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
  expect(await screen.findByText("visitor")).toBeInTheDocument();
  expect(renewSocketSession).toHaveBeenCalledTimes(1);
});
