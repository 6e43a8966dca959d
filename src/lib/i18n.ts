// i18next with languages loaded on demand: the active language before the first render; SPEC.md's fallback order
// (English, Latvian, Russian) is switched on right after it, loading those in the background; another language
// when the user picks it. Default Latvian. What the first screen does not read is in namespaces of their own, found by
// `t()` through `fallbackNS`: the texts of later pages and dialogs (`later`, decision 040: fetched right after the first
// render, awaited by each route and lazy part, `withLaterTexts`), the long info-page texts (`info`) and the back
// office's (`operator`), loaded by those pages (`loadInfoTexts`, `loadOperatorTexts`).
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../contract";
import { defaultLanguage, fallbackLanguages, isOneOf, languages, storageKeys } from "../../contract/constants";
import { readStored, writeStored } from "./storage";

type Texts = { default: Record<string, unknown> };

/** Each language's texts in three parts (the `locale-parts` plugin of vite.config.ts splits the files). */
const textParts: Record<string, Record<Language, () => Promise<Texts>>> = {
  translation: {
    en: () => import("../../locales/en.json?core"),
    lv: () => import("../../locales/lv.json?core"),
    ru: () => import("../../locales/ru.json?core"),
  },
  later: {
    en: () => import("../../locales/en.json?later"),
    lv: () => import("../../locales/lv.json?later"),
    ru: () => import("../../locales/ru.json?later"),
  },
  info: {
    en: () => import("../../locales/en.json?info"),
    lv: () => import("../../locales/lv.json?info"),
    ru: () => import("../../locales/ru.json?info"),
  },
  operator: {
    en: () => import("../../locales/en.json?operator"),
    lv: () => import("../../locales/lv.json?operator"),
    ru: () => import("../../locales/ru.json?operator"),
  },
};

const bundledTexts: BackendModule = {
  type: "backend",
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const load = textParts[namespace]?.[language as Language];
    if (!load) return callback(new Error(`No ${namespace} texts for ${language}`), false);
    load().then(
      (texts) => callback(null, texts.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** The stored language when it is one we speak, else Latvian. */
export function initialLanguage(): Language {
  const stored = readStored(storageKeys.language);
  return isOneOf(languages, stored) ? stored : defaultLanguage;
}

/** The language `instance` (the page's, unless a render provides its own, decision 045) shows, among ours. */
export function currentLanguage(instance: Pick<typeof i18n, "resolvedLanguage" | "language"> = i18n): Language {
  const language = instance.resolvedLanguage ?? instance.language;
  return isOneOf(languages, language) ? language : "en";
}

/** Loads the language's texts first, then switches, so the page never shows a half-translated state. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStored(storageKeys.language, language);
  await i18n.changeLanguage(language);
}

/** The texts of the pages and dialogs after the first screen (decision 040), in the active language and the fallbacks. */
export async function loadLaterTexts(): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces("later");
}

/** A lazy part's loader that also waits for the later texts, so that the part never draws a text's key. */
export function withLaterTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadLaterTexts()]).then(([loaded]) => loaded);
}

/** The info pages' texts in the active language and the fallbacks; later language changes load them too. */
export async function loadInfoTexts(): Promise<void> {
  await i18n.loadNamespaces("info");
}

/** The back office's texts, for operators only (decision 027): a bidder never downloads them. */
export async function loadOperatorTexts(): Promise<void> {
  await i18n.loadNamespaces("operator");
}

/**
 * The language in a cookie as well: a page request carries no storage, and the server makes the first screen inside
 * Home's and an auction's page in the language it names (decision 030).
 */
function rememberLanguage(language: string) {
  // Most often the server wrote the page in this language already. Written again, even unchanged, `lang` makes the
  // browser restyle the whole page (each element's :lang state), inside the script's first task.
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
  document.cookie = `${storageKeys.language}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}

// In the browser only: the server's renderer of the first screen (decision 045) imports this module too, and renders
// with an i18next instance of its own.
const isInBrowser = typeof document !== "undefined";
if (isInBrowser) {
  i18n.on("languageChanged", rememberLanguage);
  rememberLanguage(initialLanguage());
}

/** Resolves once the active language is loaded: render after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(bundledTexts)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // No fallback until the first render: all three files hold the same keys (locales.test.ts), so the fallbacks
    // are a safety net that need not delay the page.
    fallbackLng: false,
    supportedLngs: ["en", "lv", "ru"],
    ns: ["translation"],
    defaultNS: "translation",
    fallbackNS: ["later", "info", "operator"],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

let fallbacksLoaded: Promise<void> | undefined;

/** SPEC.md's fallback order, on from now: its languages load in the background. Once; resolves when loaded. */
export function enableFallbackLanguages(): Promise<void> {
  // i18next's language resolution reads this very options object on each lookup.
  i18n.options.fallbackLng = fallbackLanguages;
  // Once: a second loadLanguages call for languages already asked for answers at once, before they are there.
  fallbacksLoaded ??= i18n.loadLanguages(fallbackLanguages);
  return fallbacksLoaded;
}

/**
 * Right after the page's first commit (src/main.tsx): the later texts in the active language, then the fallback
 * languages (with them). Not before: texts arriving while React hydrates the server's drawing would make it hydrate
 * all the rest at once, in one long task (decision 061).
 */
export function loadTextsAfterFirstRender(): void {
  void loadLaterTexts().finally(() => void enableFallbackLanguages());
}

export { i18n };
