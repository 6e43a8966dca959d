// The date of birth, asked once of an account made before sign-up asked for it, when it first enrols again
// (issue 53 item 4, decision 094). Given, the enrolment it stopped is tried again by `onGiven`.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { DateOfBirth } from "../../../../contract";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/form";
import { useTexts } from "../../../hooks/use-texts";
import { ApiError } from "../../../lib/api-client";
import { saveDateOfBirth } from "../api/personal-data";

export function DateOfBirthDialog({
  isOpen,
  onOpenChange,
  onGiven,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onGiven: () => void;
}) {
  const { t } = useTexts();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const save = useMutation({
    mutationFn: saveDateOfBirth,
    onSuccess: () => {
      onOpenChange(false);
      onGiven();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "UNDER_AGE")
        setFieldError(t("personalData.validation.underAge", { minAge: error.values.minAge ?? 18 }));
      else if (error instanceof ApiError && error.issues[0]) setFieldError(error.issues[0].message);
      else setFieldError(t("errors.INTERNAL"));
    },
  });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t("personalData.dateOfBirth.dialogTitle")}
      description={t("personalData.dateOfBirth.dialogText")}
      confirmLabel={t("personalData.dateOfBirth.save")}
      isPending={save.isPending}
      onConfirm={() => {
        const parsed = DateOfBirth.safeParse(value);
        if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
        setFieldError(undefined);
        save.mutate(parsed.data);
      }}
    >
      <TextField
        label={t("personalData.dateOfBirth.label")}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={new Date().toISOString().slice(0, 10)}
        error={fieldError}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </ConfirmDialog>
  );
}
