import { describe, expect, it, vi } from "vitest";
import { isBidSoundOn, setBidSoundOn } from "./bid-sound";
import { readThemeMode, saveThemeMode } from "./theme";

describe("theme mode", () => {
  it("defaults to System", () => {
    expect(readThemeMode()).toBe("system");
  });

  it("saves the choice as themeMode and reloads the page", () => {
    const reload = vi.fn();
    saveThemeMode("dark", reload);
    expect(window.localStorage.getItem("themeMode")).toBe("dark");
    expect(reload).toHaveBeenCalledOnce();
  });

  it("does not reload when the mode is unchanged", () => {
    window.localStorage.setItem("themeMode", "light");
    const reload = vi.fn();
    saveThemeMode("light", reload);
    expect(reload).not.toHaveBeenCalled();
  });

  it("ignores a stored value that is not a mode", () => {
    window.localStorage.setItem("themeMode", "purple");
    expect(readThemeMode()).toBe("system");
  });
});

describe("bid sound", () => {
  it("is on by default and saved as playBidSound yes/no", () => {
    expect(isBidSoundOn()).toBe(true);
    setBidSoundOn(false);
    expect(window.localStorage.getItem("playBidSound")).toBe("no");
    expect(isBidSoundOn()).toBe(false);
    setBidSoundOn(true);
    expect(window.localStorage.getItem("playBidSound")).toBe("yes");
  });
});
