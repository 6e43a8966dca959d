// Mail texts come from locales (`mail.*`) in the recipient's language, falling back like the SPA does.
import i18next, { type TFunction } from "i18next";
import { fallbackLanguages, type Language } from "../../contract";
import en from "../../locales/en.json";
import lv from "../../locales/lv.json";
import ru from "../../locales/ru.json";

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en }, lv: { translation: lv }, ru: { translation: ru } },
  fallbackLng: fallbackLanguages,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function mailTranslator(language: Language): TFunction {
  return instance.getFixedT(language);
}
