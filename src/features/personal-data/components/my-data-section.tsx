// The profile's "Your data" card (issue 53 item 2, decision 092): the password typed again, then the whole file (JSON)
// or the ledger alone (CSV).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormAlert, TextField } from "../../../components/ui/form";
import { useTexts } from "../../../hooks/use-texts";
import { ApiError } from "../../../lib/api-client";
import { downloadMyData, type DownloadKind } from "../api/personal-data";

export function MyDataSection({ className }: { className: string }) {
  const { t } = useTexts();
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const download = useMutation({
    mutationFn: ({ kind }: { kind: DownloadKind }) => downloadMyData(kind, password),
    onMutate: () => {
      setFailure(undefined);
      setPasswordError(undefined);
    },
    onSuccess: () => setPassword(""),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "WRONG_CURRENT_PASSWORD") setPasswordError("validation.wrongCurrentPassword");
      else if (error instanceof ApiError && error.code === "RATE_LIMITED") setFailure(t("personalData.download.rateLimited"));
      else setFailure(t("personalData.download.failed"));
    },
  });
  const start = (kind: DownloadKind) => {
    if (password === "") return setPasswordError("validation.required");
    download.mutate({ kind });
  };
  const pendingKind = download.isPending ? download.variables.kind : undefined;
  return (
    <section aria-labelledby="profile-my-data" className={className}>
      <h2 id="profile-my-data" className="mb-2 text-xl font-semibold">
        {t("personalData.download.title")}
      </h2>
      <p className="mb-4 text-sm text-muted">{t("personalData.download.explanation")}</p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          start("json");
        }}
      >
        <FormAlert message={failure} />
        <TextField
          label={t("personalData.password")}
          type="password"
          autoComplete="current-password"
          hint={t("personalData.passwordHint")}
          error={passwordError}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" disabled={download.isPending} aria-busy={pendingKind === "json" || undefined}>
            {t("personalData.download.json")}
          </Button>
          <Button
            variant="secondary"
            disabled={download.isPending}
            aria-busy={pendingKind === "csv" || undefined}
            onClick={() => start("csv")}
          >
            {t("personalData.download.csv")}
          </Button>
        </div>
      </form>
    </section>
  );
}
