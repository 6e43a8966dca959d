// Languages, their order of fallback and the browser storage keys named in SPEC.md §3.
import { z } from "zod";

export const languages = ["en", "lv", "ru"] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const defaultLanguage: Language = "lv";
export const fallbackLanguages: Language[] = ["en", "lv", "ru"];

export const themeModes = ["light", "dark", "system"] as const;
export const ThemeMode = z.enum(themeModes);
export type ThemeMode = z.infer<typeof ThemeMode>;

export const storageKeys = {
  language: "i18nextLng",
  themeMode: "themeMode",
  playBidSound: "playBidSound",
  paymentId: "payment_id",
  paymentOrigin: "payment_origin",
} as const;
