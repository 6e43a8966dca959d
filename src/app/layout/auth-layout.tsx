// Account pages: the logo, then a centred card with 420 px of content width, over the background image.
import { Outlet } from "react-router-dom";
import { LanguagePopover } from "../../components/menus/language-popover";
import { SettingsPopover } from "../menus/settings-popover";
import { Footer } from "../../components/layout/footer";
import { Logo } from "../../components/layout/logo";

export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="flex justify-end gap-1 p-3">
        <LanguagePopover />
        <SettingsPopover />
      </div>
      <main className="flex flex-1 flex-col items-center px-4 pb-10">
        <Logo isSingle />
        <div className="mt-4 w-full max-w-[calc(var(--spacing-auth-card)+4rem)] rounded-3xl border border-line bg-surface p-8 shadow-xl shadow-slate-900/5">
          <div className="mx-auto w-full max-w-auth-card">
            <Outlet />
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
