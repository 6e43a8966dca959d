// The header's right area: language, settings and account menus. A chunk of its own (Radix popovers, the add-funds
// dialog): the header fetches it while the page starts, so the first paint never waits for it.
import type { Language } from "../../../contract";
import { useUser } from "../../features/auth/auth-provider";
import { AccountPopover } from "./account-popover";
import { LanguagePopover } from "../../components/menus/language-popover";
import { SettingsPopover } from "./settings-popover";

export function HeaderMenus({ onLanguageChosen }: { onLanguageChosen: (language: Language) => void }) {
  const { data: user } = useUser();
  // A visitor's phone header needs its room for Sign in and Sign up: settings move into the slide-out menu there.
  const isVisitor = user?.isAuthenticated === false;
  return (
    <>
      <LanguagePopover onLanguageChosen={onLanguageChosen} />
      <div className={isVisitor ? "hidden sm:contents" : "contents"}>
        <SettingsPopover />
      </div>
      <AccountPopover />
    </>
  );
}
