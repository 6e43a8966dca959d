// i18next with the three bundled languages. Default Latvian; missing keys fall back to English, Latvian, Russian.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { Language, defaultLanguage, fallbackLanguages, storageKeys } from "../../contract";
import en from "../../locales/en.json";
import lv from "../../locales/lv.json";
import ru from "../../locales/ru.json";
import { readStored, writeStored } from "./storage";

export const resources = {
  en: { translation: en },
  lv: { translation: lv },
  ru: { translation: ru },
} as const;

/** The stored language when it is one we speak, else Latvian. */
export function initialLanguage(): Language {
  const parsed = Language.safeParse(readStored(storageKeys.language));
  return parsed.success ? parsed.data : defaultLanguage;
}

export function currentLanguage(): Language {
  const parsed = Language.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : "en";
}

export async function changeLanguage(language: Language): Promise<void> {
  writeStored(storageKeys.language, language);
  await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: fallbackLanguages,
  supportedLngs: ["en", "lv", "ru"],
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export { i18n };
