// The signed-in user's account menu (SPEC.md §2): an avatar with initials opening name, e-mail, balance with Add funds,
// Profile, Wallet, the back office for operators, and Sign out; the add-funds dialog other pages ask for. A chunk of its
// own: a visitor's first screen never downloads the wallet's machine, its dialog or its payments (decision 042).
import * as Popover from "@radix-ui/react-popover";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../hooks/use-texts";
import type { AuthenticatedUser } from "../../../contract";
import { PopoverTour, keepOpenInTour } from "../../features/tours";
import { MenuPanel } from "../../components/menus/menu-panel";
import { onAddFundsRequested } from "../../features/wallet/add-funds-requests";
import { useWallet } from "../../features/wallet/api/get-wallet";
import { useLiveWallet } from "../../features/wallet/api/payments";
import { AddFundsDialog, useAddFunds } from "../../features/wallet/components/add-funds-dialog";
import { formatBalance } from "../../lib/format";
import { GearGlyph, UserGlyph, WalletGlyph } from "../../components/ui/icons";
import { Button } from "../../components/ui/button";
import { initialsOf, useReturnUrlSearch } from "./account-links";

export function SignedInMenu({ user }: { user: AuthenticatedUser }) {
  const { t } = useTexts();
  const [isOpen, setIsOpen] = useState(false);
  const { data: wallet } = useWallet();
  const addFunds = useAddFunds();
  useLiveWallet(true);
  useEffect(() => onAddFundsRequested((amount) => addFunds.send({ type: "dialog.open", amount })), [addFunds]);
  const returnSearch = useReturnUrlSearch();
  const close = () => setIsOpen(false);
  const itemClass = "flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-black/5 dark:hover:bg-white/10";

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        data-tour="account"
        className="ml-1 flex size-10 items-center justify-center rounded-full bg-primary-700 font-display text-sm font-bold text-white shadow-sm ring-2 ring-primary-200 hover:bg-primary-800 dark:ring-primary-900"
      >
        {/* Named by its visible initials and what it opens (WCAG 2.5.3: the visible label is part of the name). */}
        {initialsOf(user)}
        <span className="sr-only"> {t("account.menu")}</span>
      </Popover.Trigger>
      <MenuPanel layer="AccountPopover" label={t("account.menu")} onInteractOutside={keepOpenInTour} className="w-72 rounded-2xl p-2">
        <div className="px-3 py-2">
          <p className="font-semibold">{user.displayName}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
        <div className="mx-1 my-2 flex items-center justify-between gap-3 rounded-xl bg-primary-50 px-3 py-3 dark:bg-primary-900/20">
          <div data-tour="account-balance">
            {/* slate-600 on the orange tint: 7.2:1 (muted slate-500 would be 4.48:1, below AA). */}
            <p className="text-xs font-medium text-slate-600 dark:text-muted">{t("account.balance")}</p>
            <p className="font-display text-xl font-bold" aria-label={t("account.balance")}>
              €{formatBalance(wallet?.balance)}
            </p>
          </div>
          <Button
            size="sm"
            onClick={() => {
              close();
              addFunds.send({ type: "dialog.open" });
            }}
            data-tour="account-add-funds"
          >
            {t("account.addFunds")}
          </Button>
        </div>
        <ul className="border-t border-line pt-1">
          <li>
            <Link to={{ pathname: "/profile", search: returnSearch }} onClick={close} className={itemClass} data-tour="account-profile">
              <UserGlyph className="size-4" />
              {t("account.profile")}
            </Link>
          </li>
          <li>
            <Link to={{ pathname: "/wallet", search: returnSearch }} onClick={close} className={itemClass} data-tour="account-wallet">
              <WalletGlyph className="size-4" />
              {t("account.wallet")}
            </Link>
          </li>
          {user.isOperator && (
            <li>
              <Link to="/operator" onClick={close} className={itemClass}>
                <GearGlyph className="size-4" />
                {t("account.backOffice")}
              </Link>
            </li>
          )}
          <li>
            <Link to="/sign-out" onClick={close} className={`${itemClass} text-red-600 dark:text-red-400`}>
              {t("account.signOut")}
            </Link>
          </li>
        </ul>
      </MenuPanel>
      <AddFundsDialog actor={addFunds} />
      <PopoverTour tourName="AccountPopover" isOpen={isOpen} />
    </Popover.Root>
  );
}
