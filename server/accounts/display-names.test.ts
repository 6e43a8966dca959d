import { describe, expect, it } from "vitest";
import { DisplayName } from "../../contract";
import { displayNameSkeleton, isRefusedDisplayName, isReservedDisplayName } from "./display-names";

describe("display names no one can take for somebody else's", () => {
  it.each([
    ["Cyrillic о in operator", "оperator", "operator"],
    ["Cyrillic Р and е in Pennybid", "Реnnybid", "pennybid"],
    ["Cyrillic е in demo_bidder", "dеmo_bidder", "Demo_Bidder"],
    ["Greek omicron", "anna_\u03bfzola", "anna_ozola"],
    ["fullwidth letters", "ｄｅｍｏ", "demo"],
    ["mathematical bold letters", "𝐚𝐧𝐧𝐚", "anna"],
  ])("gives %s the skeleton of the name it imitates", (_, name, imitated) => {
    expect(displayNameSkeleton(name)).toBe(displayNameSkeleton(imitated));
  });

  it("keeps names apart that only look different: a letter with a mark is not the letter", () => {
    expect(displayNameSkeleton("Jānis")).not.toBe(displayNameSkeleton("Janis"));
    expect(displayNameSkeleton("anna_b")).not.toBe(displayNameSkeleton("anna_c"));
  });

  it.each([
    "operator",
    "Admin",
    "STAFF",
    "PENNYBID",
    "pennybid_support",
    "оperator",
    "Реnnybid",
    "admin_1",
    "support-2",
    "the_pennybid_team",
    "𝐚𝐝𝐦𝐢𝐧",
  ])("reserves %s", (name) => {
    expect(isReservedDisplayName(name)).toBe(true);
  });

  it.each(["anna_b", "operatorka", "adminas", "demo_bidder", "Jānis", "Ёжик"])("leaves %s to bidders", (name) => {
    expect(isReservedDisplayName(name)).toBe(false);
  });

  it.each([
    ["a zero-width space", "anna\u200bb"],
    ["a Hangul filler", "\u3164"],
    ["a blank Braille pattern", "\u2800anna"],
    ["a soft hyphen", "an\u00adna"],
    ["a right-to-left override", "\u202eanna"],
    ["a word joiner", "an\u2060na"],
    ["a variation selector", "anna\ufe0f"],
    ["a control character", "anna\u0007"],
    ["stacked combining marks", "ann\u0301\u0302\u0303a"],
    ["an @", "anna@example.lv"],
  ])("refuses a name with %s", (_, name) => {
    expect(DisplayName.safeParse(name).success).toBe(false);
  });

  it("normalises fullwidth and mathematical letters to plain ones", () => {
    expect(DisplayName.parse("ａｎｎａ")).toBe("anna");
    expect(DisplayName.parse("𝐚𝐧𝐧𝐚_1")).toBe("anna_1");
  });

  it("asks a stored name for a change when today's rules refuse it", () => {
    expect(isRefusedDisplayName("anna@example.lv")).toBe(true);
    expect(isRefusedDisplayName("ｄｅｍｏ")).toBe(true);
    expect(isRefusedDisplayName("admin")).toBe(true);
    expect(isRefusedDisplayName("anna_b")).toBe(false);
  });
});
