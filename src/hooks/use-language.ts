// The interface language, re-rendering on a change: what queries of auctions' texts put in their keys (decision 030),
// so a switch of language reads them again, and switching back finds the old answers cached.
import { useTexts } from "./use-texts";
import type { Language } from "../../contract";
import { currentLanguage } from "../lib/i18n";

export function useLanguage(): Language {
  const { i18n } = useTexts();
  return currentLanguage(i18n);
}
