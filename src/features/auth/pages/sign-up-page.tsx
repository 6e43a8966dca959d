import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { SignUpBody } from "../../../../contract";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { applyServerError } from "../../../lib/form-errors";
import { ApiError } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { signUp } from "../api/account-calls";

type SignUpForm = SignUpBody;

export function SignUpPage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string>();
  const form = useForm<SignUpForm>({
    resolver: zodResolver(SignUpBody),
    defaultValues: {
      firstName: "",
      lastName: "",
      displayName: "",
      dateOfBirth: "",
      email: "",
      password: "",
      confirmPassword: "",
      isMarketingConsentGiven: false,
    },
  });
  const mutation = useMutation({
    mutationFn: (body: SignUpForm) => signUp({ ...body, language: currentLanguage() }),
    onSuccess: (_answer, body) => navigate("/confirm-email/sent", { state: { email: body.email } }),
    onError: (error) => {
      // Under MIN_AGE: said beside the date, with the age the server holds to (decision 094).
      if (error instanceof ApiError && error.code === "UNDER_AGE")
        return form.setError("dateOfBirth", { message: t("personalData.validation.underAge", { minAge: error.values.minAge }) });
      setFailure(applyServerError(error, form.setError, t));
    },
  });
  const { errors } = form.formState;

  return (
    <>
      <h1 className="text-center text-2xl font-bold">{t("auth.signUp.title")}</h1>
      <p className="mt-1 text-center text-sm text-muted">{t("auth.signUp.subtitle")}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => {
          setFailure(undefined);
          mutation.mutate(body);
        })}
        className="mt-6 flex flex-col gap-4"
      >
        <FormAlert message={failure} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("auth.fields.firstName")}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register("firstName")}
          />
          <TextField
            label={t("auth.fields.lastName")}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register("lastName")}
          />
        </div>
        <TextField
          label={t("auth.fields.displayName")}
          hint={t("auth.fields.displayNameHint")}
          autoComplete="nickname"
          error={errors.displayName?.message}
          {...form.register("displayName")}
        />
        <TextField
          label={t("personalData.dateOfBirth.label")}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={new Date().toISOString().slice(0, 10)}
          hint={t("personalData.dateOfBirth.hint")}
          error={errors.dateOfBirth?.message}
          {...form.register("dateOfBirth")}
        />
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={t("auth.fields.password")}
          type="password"
          autoComplete="new-password"
          hint={t("validation.password")}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TextField
          label={t("auth.fields.confirmPassword")}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary-500" {...form.register("isMarketingConsentGiven")} />
          {t("auth.fields.marketingConsent")}
        </label>
        <SubmitButton isPending={mutation.isPending}>{t("auth.signUp.submit")}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t("auth.signUp.haveAccount")}{" "}
        <Link to={{ pathname: "/sign-in", search: search.toString() }} className="font-semibold text-accent hover:underline">
          {t("account.signIn")}
        </Link>
      </p>
    </>
  );
}
