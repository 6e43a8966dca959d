// The users list in the back office: found by a part of the e-mail or name, a page at a time with the total, the
// search and the page kept in the address.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { userDetail } from "../../../../tests/support/operator-api";
import { operatorApi } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

beforeAll(() => loadOperatorTexts());

const path = "/api/operator/users";
const user = (n: number) => {
  const {
    transactions: _transactions,
    enrolments: _enrolments,
    ...one
  } = userDetail({ id: `0b0e2f1c-2a6b-4c7e-9d3f-${String(n).padStart(12, "0")}`, displayName: `bidder_${n}`, email: `b${n}@example.lv` });
  return one;
};

describe("the users list", () => {
  it("asks for one page at a time and moves between pages with Previous and Next", async () => {
    const api = operatorApi.answering({
      [`GET ${path}`]: () => {
        const offset = Number(api.callsTo("GET", path).at(-1)?.query.get("offset"));
        return json({ items: Array.from({ length: offset === 0 ? 50 : 3 }, (_, n) => user(offset + n)), total: 53 });
      },
    });
    const users = userEvent.setup();
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/users?q=bidder");
    expect(await screen.findByText("Found: 53")).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo("GET", path)[0]!.query)).toMatchObject({ search: "bidder", limit: "50", offset: "0" });
    const pager = screen.getByRole("navigation", { name: "User pages" });
    expect(pager).toHaveTextContent("Page 1 of 2");
    expect(within(pager).getByRole("button", { name: "Previous" })).toBeDisabled();

    await users.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByRole("navigation", { name: "User pages" })).toHaveTextContent("Page 2 of 2"));
    expect(api.callsTo("GET", path).at(-1)!.query.get("offset")).toBe("50");
    expect(await screen.findByRole("link", { name: /bidder_52/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /bidder_0\b/ })).not.toBeInTheDocument();
  });
});

describe("the users search", () => {
  it("opens the one user a whole e-mail names, in place of the search", async () => {
    const one = user(7);
    operatorApi.answering({
      [`GET ${path}`]: () => json({ items: [one], total: 1, exactId: one.id }),
      [`GET ${path}/${one.id}`]: () => json(userDetail({ id: one.id, displayName: one.displayName, email: one.email })),
    });
    const { router } = renderRoutes(
      [{ path: "operator/*", element: <OperatorArea /> }],
      `/operator/users?q=${encodeURIComponent(one.email)}`,
    );
    expect(await screen.findByRole("heading", { level: 1, name: one.displayName })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/operator/users/${one.id}`);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("lists a name's matches with their e-mails and ids, and opens none by itself", async () => {
    operatorApi.answering({ [`GET ${path}`]: () => json({ items: [user(1), user(2)], total: 2, exactId: null }) });
    const { router } = renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/users?q=anna");
    expect(await screen.findByText("Found: 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /bidder_1/ })).toHaveTextContent("b1@example.lv");
    expect(screen.getByRole("link", { name: /bidder_2/ })).toHaveTextContent(user(2).id);
    expect(router.state.location.pathname).toBe("/operator/users");
  });
});
