// The flag button and its 160 px list: English, Latviski, Русский. A pick applies at once and closes the list.
import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { useTexts } from "../../hooks/use-texts";
import type { Language } from "../../../contract";
import { languages } from "../../../contract/constants";
import flagEn from "../../assets/flag-en.svg";
import flagLv from "../../assets/flag-lv.svg";
import flagRu from "../../assets/flag-ru.svg";
import { changeLanguage, currentLanguage } from "../../lib/i18n";
import { CheckGlyph } from "../ui/icons";
import { MenuPanel } from "./menu-panel";

export const languageFlags: Record<Language, string> = { en: flagEn, lv: flagLv, ru: flagRu };

type LanguagePopoverProps = {
  /** Called after a pick; the accounts feature saves it to the server for a signed-in user. */
  onLanguageChosen?: (language: Language) => void;
};

export function LanguagePopover({ onLanguageChosen }: LanguagePopoverProps) {
  const { t, i18n } = useTexts();
  const [isOpen, setIsOpen] = useState(false);
  // The render's own instance: the server draws the first screen in the page's language with one of its own.
  const active = currentLanguage(i18n);

  const choose = async (language: Language) => {
    setIsOpen(false);
    await changeLanguage(language);
    onLanguageChosen?.(language);
  };

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        aria-label={t("language.open")}
        data-tour="language"
        className="flex size-9 items-center justify-center rounded-full hover:bg-black/5 sm:size-10 dark:hover:bg-white/10"
      >
        <img src={languageFlags[active]} alt="" className="h-[18px] w-6 rounded-[3px] shadow-sm" />
      </Popover.Trigger>
      <MenuPanel layer="LanguagePopover" label={t("language.title")} className="w-40 rounded-xl p-1">
        <ul>
          {languages.map((language) => (
            <li key={language}>
              <button
                type="button"
                lang={language}
                aria-current={language === active ? "true" : undefined}
                onClick={() => void choose(language)}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-black/5 dark:hover:bg-white/10"
              >
                <img src={languageFlags[language]} alt="" className="h-3.5 w-5 rounded-[2px]" />
                <span className="flex-1">{t(`language.${language}`)}</span>
                {language === active && <CheckGlyph className="size-4 text-primary-600" />}
              </button>
            </li>
          ))}
        </ul>
      </MenuPanel>
    </Popover.Root>
  );
}
