// Theme mode (Light, Dark, System; default System), saved as `themeMode`. Changing it reloads the page,
// where public/theme-init.js applies it before the first paint.
import { ThemeMode, storageKeys } from "../../../contract";
import { readStored, writeStored } from "../../lib/storage";

export function readThemeMode(): ThemeMode {
  const parsed = ThemeMode.safeParse(readStored(storageKeys.themeMode));
  return parsed.success ? parsed.data : "system";
}

export function saveThemeMode(mode: ThemeMode, reload: () => void = () => window.location.reload()): void {
  if (mode === readThemeMode()) return;
  writeStored(storageKeys.themeMode, mode);
  reload();
}
