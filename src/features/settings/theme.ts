// Theme mode (Light, Dark, System; default System), saved as `themeMode`. Changing it reloads the page,
// where src/theme-init.js, inline in the page's head, applies it before the first paint.
// Plain values, no schema: the settings menu is in the header from the first screen (decision 014).
import type { ThemeMode } from "../../../contract";
import { isOneOf, storageKeys, themeModes } from "../../../contract/constants";
import { readStored, writeStored } from "../../lib/storage";

export function readThemeMode(): ThemeMode {
  const stored = readStored(storageKeys.themeMode);
  return isOneOf(themeModes, stored) ? stored : "system";
}

export function saveThemeMode(mode: ThemeMode, reload: () => void = () => window.location.reload()): void {
  if (mode === readThemeMode()) return;
  writeStored(storageKeys.themeMode, mode);
  reload();
}
