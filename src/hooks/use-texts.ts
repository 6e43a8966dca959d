// The interface's texts for a component: `t` in the active language, re-rendering on a change of language. What
// react-i18next's `useTranslation` gives the app, for one React hook instead of its thirteen: a page of live cards
// calls it in several parts of each card, on every new state (decision 050). The app never asks it for a namespace,
// a key prefix or a wait for texts: the first render waits for the active language's texts (src/main.tsx), a lazy
// part for the later ones (`withLaterTexts`), and i18next loads a language before it switches to it. Its `t` keeps
// what it wrote: a card writes the same few labels on every render, and i18next's lookup of a key costs more than the
// card's own render (decision 050).
import { useContext, useSyncExternalStore } from "react";
import { getI18n, I18nContext } from "react-i18next";
import type { i18n as I18n, TFunction } from "i18next";

export type Texts = {
  /** The texts of the active language (and the fallbacks'), as react-i18next's `t`. */
  t: TFunction;
  /** The i18next instance itself: the page's, or the one a render provides (the server's first screen, decision 045). */
  i18n: I18n;
  /** The active language: what `t` writes in. */
  language: string;
};

type TextsStore = { subscribe: (onChange: () => void) => () => void; read: () => Texts };

/** One store per i18next instance: the same `Texts` object until the language changes. */
const stores = new WeakMap<I18n, TextsStore>();

/** How many written texts a language keeps: far more than a page shows; past it, it starts afresh. */
const TEXTS_KEPT = 2000;

/**
 * i18next's `t` in `language`, keeping each text it wrote for a key and its plain values (strings, numbers, booleans).
 * What it kept is dropped whenever i18next's store of texts has changed since (`textsVersion`: a namespace or a fallback
 * language loaded), so a text is never older than the texts it came from. Anything else (a list of keys, a value that
 * is an object, more arguments, an answer that is not a string) goes to i18next each time.
 */
function keepingT(i18n: I18n, language: string, textsVersion: () => number): TFunction {
  // i18next's own `t` in the language, seen as the plain function it is (its type is a set of overloads).
  const lookUp = i18n.getFixedT(language) as unknown as (...args: unknown[]) => unknown;
  const written = new Map<string, string>();
  let writtenFrom = textsVersion();
  const write = (...args: unknown[]): unknown => {
    if (writtenFrom !== textsVersion()) {
      written.clear();
      writtenFrom = textsVersion();
    }
    const [key, values] = args;
    const isKept = typeof key === "string" && args.length <= 2 && (values === undefined || hasPlainValues(values));
    if (!isKept) return lookUp(...args);
    const id = values === undefined ? key : `${key}\u0000${JSON.stringify(values)}`;
    const known = written.get(id);
    if (known !== undefined) return known;
    const text = lookUp(...args);
    if (typeof text === "string") {
      if (written.size >= TEXTS_KEPT) written.clear();
      written.set(id, text);
    }
    return text;
  };
  // The same calls as i18next's `t`, which TypeScript describes by overloads a plain function cannot declare.
  return write as unknown as TFunction;
}

function hasPlainValues(values: unknown): boolean {
  if (typeof values !== "object" || values === null || Object.getPrototypeOf(values) !== Object.prototype) return false;
  return Object.values(values).every((value) => typeof value === "string" || typeof value === "number" || typeof value === "boolean");
}

function storeOf(i18n: I18n): TextsStore {
  const known = stores.get(i18n);
  if (known) return known;
  let texts: Texts | undefined;
  let version = 0;
  const textsChanged = () => void (version += 1);
  i18n.store.on("added", textsChanged);
  i18n.store.on("removed", textsChanged);
  const store: TextsStore = {
    subscribe(onChange) {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    },
    read() {
      if (texts?.language !== i18n.language) texts = { t: keepingT(i18n, i18n.language, () => version), i18n, language: i18n.language };
      return texts;
    },
  };
  stores.set(i18n, store);
  return store;
}

export function useTexts(): Texts {
  // `I18nContext`'s value is undefined outside an `I18nextProvider` (its type says otherwise).
  const i18n = (useContext(I18nContext) as { i18n?: I18n } | undefined)?.i18n ?? getI18n();
  const store = storeOf(i18n);
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
