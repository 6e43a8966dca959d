// The interface language, re-rendering on a change: what queries of auctions' texts put in their keys (decision 030),
// so a switch of language reads them again, and switching back finds the old answers cached.
import { useTranslation } from "react-i18next";
import type { Language } from "../../contract";
import { currentLanguage } from "../lib/i18n";

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}
