// Languages, their order of fallback and the browser storage keys named in SPEC.md §3.
import { z } from "./zod";
import { languages, themeModes } from "./constants";

export { defaultLanguage, fallbackLanguages, languages, storageKeys, themeModes } from "./constants";

export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const ThemeMode = z.enum(themeModes);
export type ThemeMode = z.infer<typeof ThemeMode>;
