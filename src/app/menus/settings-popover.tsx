// Theme mode (Light, Dark, System; saved, then the page reloads) and the bid sound switch (saved).
// Its guided tour starts 500 ms after it opens.
import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { useTexts } from "../../hooks/use-texts";
import { themeModes } from "../../../contract/constants";
import { useBidSound } from "../../features/settings/bid-sound";
import { readThemeMode, saveThemeMode } from "../../features/settings/theme";
import { PopoverTour, keepOpenInTour } from "../../features/tours";
import { MenuPanel } from "../../components/menus/menu-panel";
import { GearGlyph } from "../../components/ui/icons";
import { iconButtonClassName } from "../../components/ui/button";
import { Switch } from "../../components/ui/switch";

export function SettingsPopover() {
  const { t } = useTexts();
  const [isBidSoundOn, setBidSoundOn] = useBidSound();
  const themeMode = readThemeMode();
  const [isOpen, setIsOpen] = useState(false);

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        aria-label={t("settings.open")}
        data-tour="settings"
        className={iconButtonClassName("size-9 hover:text-ink sm:size-10")}
      >
        <GearGlyph />
      </Popover.Trigger>
      <MenuPanel layer="SettingsPopover" label={t("settings.title")} onInteractOutside={keepOpenInTour} className="w-72 rounded-2xl p-4">
        <h2 className="mb-3 text-base font-semibold">{t("settings.title")}</h2>
        <fieldset data-tour="settings-theme">
          <legend className="mb-2 text-sm font-medium text-muted">{t("settings.themeMode")}</legend>
          <div className="grid grid-cols-3 gap-1 rounded-xl bg-black/5 p-1 dark:bg-white/5">
            {themeModes.map((mode) => (
              <label
                key={mode}
                className="cursor-pointer rounded-lg px-2 py-1.5 text-center text-sm has-checked:bg-surface has-checked:font-semibold has-checked:text-primary-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-primary-500 dark:has-checked:text-primary-300"
              >
                <input
                  type="radio"
                  name="themeMode"
                  value={mode}
                  defaultChecked={mode === themeMode}
                  onChange={() => saveThemeMode(mode)}
                  className="sr-only"
                />
                {t(`settings.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Switch
          className="mt-4"
          tour="settings-bid-sound"
          label={t("settings.bidSound")}
          checked={isBidSoundOn}
          onChange={(event) => setBidSoundOn(event.target.checked)}
        />
      </MenuPanel>
      <PopoverTour tourName="SettingsPopover" isOpen={isOpen} />
    </Popover.Root>
  );
}
