// Permanent 375 px sidebar from `lg`; below it the slide-out menu of mobile-menu.tsx.
import { Logo } from "../../components/layout/logo";
import { NavigationContent } from "./navigation-content";

export function PermanentSidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-[1101] hidden w-sidebar flex-col border-r border-line bg-surface lg:flex">
      <div className="flex h-header-desktop shrink-0 items-center px-8">
        <Logo />
      </div>
      <NavigationContent />
    </aside>
  );
}
