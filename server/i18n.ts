// Texts the server writes (mails, the sandbox checkout, payment errors) come from locales, in the reader's language.
import i18next, { type TFunction } from "i18next";
import { fallbackLanguages, type Language } from "../contract";
import en from "../locales/en.json";
import lv from "../locales/lv.json";
import ru from "../locales/ru.json";

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en }, lv: { translation: lv }, ru: { translation: ru } },
  fallbackLng: fallbackLanguages,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language);
}
