// Where the app may send a user after sign-in: only paths of its own origin, as the browser itself reads them.
import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./account-calls";

describe("safeReturnUrl", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeReturnUrl("/favourites?sort=new#top")).toBe("/favourites?sort=new#top");
    expect(safeReturnUrl("/auctions/12")).toBe("/auctions/12");
  });

  it.each([
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash the browser reads as a slash", "/\\evil.example"],
    ["a tab the browser drops", "/\t/evil.example"],
    ["a newline the browser drops", "/\n/evil.example"],
    ["a carriage return the browser drops", "/\r/evil.example"],
    ["a dot segment that collapses to two slashes", "/.//evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a script URL", "javascript:alert(1)"],
    ["nothing", ""],
  ])("refuses %s", (_name, value) => {
    expect(safeReturnUrl(value)).toBeNull();
  });

  it("refuses what is missing", () => {
    expect(safeReturnUrl(null)).toBeNull();
  });
});
