import { useCallback, useState } from "react";
import { Outlet } from "react-router-dom";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { MobileMenu, PermanentSidebar } from "./SideNavigation";

export function MainLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const openMenu = useCallback(() => setIsMenuOpen(true), []);
  return (
    <div className="min-h-dvh">
      <PermanentSidebar />
      <MobileMenu isOpen={isMenuOpen} onOpenChange={setIsMenuOpen} />
      <div className="flex min-h-dvh flex-col lg:pl-sidebar">
        <Header onOpenMenu={openMenu} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8 md:py-10">
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
