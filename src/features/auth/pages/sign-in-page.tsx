import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { Link, useSearchParams } from "react-router-dom";
import { SignInBody } from "../../../../contract";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { signIn } from "../api/account-calls";
import { useAuthActor } from "../auth-provider";

export function SignInPage() {
  const { t } = useTexts();
  const [search] = useSearchParams();
  const form = useForm<SignInBody>({ resolver: zodResolver(SignInBody), defaultValues: { email: "", password: "" } });
  const authActor = useAuthActor();
  const mutation = useMutation({
    mutationFn: signIn,
    // The account-pages guard then sends the user to the return address (or home).
    onSuccess: (user) => user.isAuthenticated && authActor.send({ type: "user.signedIn", user }),
  });
  const failure =
    mutation.error instanceof ApiError ? t(`errors.${mutation.error.code}`) : mutation.error ? t("errors.INTERNAL") : undefined;
  const { errors } = form.formState;

  return (
    <>
      <h1 className="text-center text-2xl font-bold">{t("auth.signIn.title")}</h1>
      <p className="mt-1 text-center text-sm text-muted">{t("auth.signIn.subtitle")}</p>
      <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="mt-6 flex flex-col gap-4">
        <FormAlert message={failure} />
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Link to="/forgot-password" className="-mt-1 self-end text-sm font-medium text-accent hover:underline">
          {t("auth.signIn.forgot")}
        </Link>
        <SubmitButton isPending={mutation.isPending}>{t("auth.signIn.submit")}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t("auth.signIn.noAccount")}{" "}
        <Link to={{ pathname: "/sign-up", search: search.toString() }} className="font-semibold text-accent hover:underline">
          {t("account.signUp")}
        </Link>
      </p>
    </>
  );
}
