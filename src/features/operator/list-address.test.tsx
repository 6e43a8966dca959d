import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useListAddress } from "./list-address";

function renderAt(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListAddress(["status", "q"] as const), search: useLocation().search }), { wrapper });
}

describe("a back-office list's address", () => {
  it("reads its filters and page, an absent filter as empty and a page that is not one as the first", () => {
    expect(renderAt("/operator/auctions?status=Ended&q=toaster&page=3").result.current.list).toMatchObject({
      values: { status: "Ended", q: "toaster" },
      page: 3,
    });
    expect(renderAt("/operator/auctions?page=abc").result.current.list).toMatchObject({ values: { status: "", q: "" }, page: 1 });
    expect(renderAt("/operator/auctions?page=-4").result.current.list.page).toBe(1);
  });

  it("changes one filter and keeps the others, trimmed, empty ones left out, back at the first page", () => {
    const { result } = renderAt("/operator/auctions?status=Ended&q=toaster&page=3");
    expect(result.current.list.searchWith({ status: "Running" })).toBe("status=Running&q=toaster");
    act(() => result.current.list.go({ q: "  lamp " }));
    expect(result.current.search).toBe("?status=Ended&q=lamp");
    act(() => result.current.list.go({ q: "" }));
    expect(result.current.search).toBe("?status=Ended");
  });

  it("moves to another page with the filters as they are", () => {
    const { result } = renderAt("/operator/auctions?status=Ended&q=toaster");
    act(() => result.current.list.go({}, 2));
    expect(result.current.search).toBe("?status=Ended&q=toaster&page=2");
    expect(result.current.list.page).toBe(2);
    act(() => result.current.list.go({}, 1));
    expect(result.current.search).toBe("?status=Ended&q=toaster");
  });
});
