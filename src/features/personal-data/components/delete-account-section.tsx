// The profile's "Delete my account" card (issue 53 item 3, decision 093): what deleting means, then a dialog that
// takes the password again. A refusal says what keeps the account open and links to where to settle it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useTexts } from "../../../hooks/use-texts";
import { ApiError } from "../../../lib/api-client";
import { useEuro } from "../../../lib/format";
import { useAuthActor } from "../../auth";
import { deleteAccount } from "../api/personal-data";

/** What keeps an account open, and where the bidder settles it. */
const refusalLinks: Partial<Record<string, (auctionId: number) => string>> = {
  BALANCE_NOT_WITHDRAWN: () => "/wallet",
  WITHDRAWAL_PENDING: () => "/wallet",
  WIN_UNPAID: () => "/auctions/won",
  DELIVERY_OPEN: () => "/auctions/won",
  BUY_NOW_PENDING: (auctionId) => `/auctions/${auctionId}`,
  LEADING_AUCTION: (auctionId) => `/auctions/${auctionId}`,
};

function useRefusal(): (error: unknown) => ReactNode {
  const { t } = useTexts();
  const euro = useEuro();
  return (error) => {
    if (!(error instanceof ApiError)) return t("personalData.delete.failed");
    const link = refusalLinks[error.code];
    if (!link) return t(`errors.${error.code}`, { defaultValue: t("personalData.delete.failed") });
    const auctionId = error.values.auctionId ?? 0;
    return (
      <>
        {t(`personalData.delete.refusals.${error.code}`, { amount: euro(error.values.amountCents ?? 0) })}{" "}
        <Link to={link(auctionId)} className="font-semibold underline">
          {t(`personalData.delete.links.${error.code}`)}
        </Link>
      </>
    );
  };
}

export function DeleteAccountSection({ className }: { className: string }) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authActor = useAuthActor();
  const refusalOf = useRefusal();
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const deletion = useMutation({
    mutationFn: () => deleteAccount(password),
    onSuccess: () => {
      queryClient.clear();
      authActor.send({ type: "user.signedOut" });
      showToast("success", t("personalData.delete.done"));
      navigate("/", { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "WRONG_CURRENT_PASSWORD") setPasswordError("validation.wrongCurrentPassword");
    },
  });
  const isWrongPassword = deletion.error instanceof ApiError && deletion.error.code === "WRONG_CURRENT_PASSWORD";
  const open = (next: boolean) => {
    setIsOpen(next);
    setPassword("");
    setPasswordError(undefined);
    deletion.reset();
  };
  return (
    <section aria-labelledby="profile-delete-account" className={className}>
      <h2 id="profile-delete-account" className="mb-2 text-xl font-semibold">
        {t("personalData.delete.title")}
      </h2>
      <p className="mb-4 text-sm text-muted">{t("personalData.delete.explanation")}</p>
      <Button variant="danger" onClick={() => open(true)}>
        {t("personalData.delete.open")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={open}
        variant="danger"
        title={t("personalData.delete.dialogTitle")}
        description={
          <ul className="list-disc space-y-1 pl-5">
            <li>{t("personalData.delete.whatHappens.closed")}</li>
            <li>{t("personalData.delete.whatHappens.erased")}</li>
            <li>{t("personalData.delete.whatHappens.kept")}</li>
            <li>{t("personalData.delete.whatHappens.bids")}</li>
          </ul>
        }
        confirmLabel={t("personalData.delete.confirm")}
        isPending={deletion.isPending}
        onConfirm={() => {
          if (password === "") return setPasswordError("validation.required");
          setPasswordError(undefined);
          deletion.mutate();
        }}
      >
        <TextField
          label={t("personalData.password")}
          type="password"
          autoComplete="current-password"
          error={passwordError}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {deletion.isError && !isWrongPassword && (
          <p
            role="alert"
            className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {refusalOf(deletion.error)}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
