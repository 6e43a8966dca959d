// The header's right area: language, settings and account menus. A chunk of its own (Radix popovers, the add-funds
// dialog): the header fetches it while the page starts, so the first paint never waits for it.
import type { Language } from "../../../contract";
import { AccountPopover } from "./AccountPopover";
import { LanguagePopover } from "./LanguagePopover";
import { SettingsPopover } from "./SettingsPopover";

export function HeaderMenus({ onLanguageChosen }: { onLanguageChosen: (language: Language) => void }) {
  return (
    <>
      <LanguagePopover onLanguageChosen={onLanguageChosen} />
      <SettingsPopover />
      <AccountPopover />
    </>
  );
}
