// The header's menus are Radix popovers, whose triggers hand their elements to the popovers' state while React
// commits: an update React renders at once, in the same task, after running every effect still pending. In the page's
// first commit that joined a slow phone's longest task (decision 059), so the menus mount in a commit of their own.
import { Profiler, startTransition, type ProfilerOnRenderCallback } from "react";
import { createRoot } from "react-dom/client";
import { act, screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { auth, server } from "../../../tests/support/msw";
import { withProviders } from "../../../tests/support/render";
import { Header } from "./header";

vi.mock("../../lib/socket", () => import("../../../tests/support/fake-socket"));

it("the page's first commit has no menus to ask for a render at once; they come in a commit of their own, usable", async () => {
  server.use(auth.signedOut());
  await import("../menus/header-menus"); // as on a page, where it is fetched beside the first script and there first
  const commits: string[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) =>
    commits.push(`${phase}${screen.queryByRole("button", { name: "Change language" }) ? " with menus" : ""}`);
  const { element } = withProviders([
    {
      path: "*",
      element: (
        <Profiler id="header" onRender={onRender}>
          <Header onOpenMenu={() => undefined} />
        </Profiler>
      ),
    },
  ]);
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  // As src/main.tsx renders the page: a new root, its first render a transition, and React's own scheduler (act would
  // show a fallback where the page waits for a chunk that is there).
  const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const { IS_REACT_ACT_ENVIRONMENT } = flags;
  flags.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    startTransition(() => root.render(element));
    expect(await screen.findByRole("button", { name: "Change language" })).toBeEnabled();
    // "nested-update" is React's name for a render asked for while a commit ran its layout effects or attached refs.
    expect(commits.slice(0, 2)).toEqual(["mount", "update with menus"]);
  } finally {
    flags.IS_REACT_ACT_ENVIRONMENT = IS_REACT_ACT_ENVIRONMENT;
    act(() => root.unmount());
    container.remove();
  }
});
