// Confirmation and reset: the "we sent you a mail" pages, following the mailed links, and their outcomes.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { ForgotPasswordBody, ResetPasswordBody, type AuthUser } from "../../../../contract";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { currentLanguage } from "../../../lib/i18n";
import { confirmEmail, forgotPassword, resendConfirmation, resetPassword } from "../api/account-calls";
import { useAuthActor, useUser } from "../auth-provider";
import { buttonClassName } from "../../../components/ui/button";

function Message({
  titleKey,
  bodyKey,
  values,
  children,
}: {
  titleKey: string;
  bodyKey: string;
  values?: Record<string, string>;
  children?: React.ReactNode;
}) {
  const { t } = useTexts();
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
      <p className="mt-3 text-muted">{t(bodyKey, values)}</p>
      {children && <div className="mt-6 flex flex-col items-center gap-3">{children}</div>}
    </div>
  );
}

const linkButton = buttonClassName({ size: "lg" });

export function ConfirmEmailSentPage() {
  const { t } = useTexts();
  const email = (useLocation().state as { email?: string } | null)?.email;
  const resend = useMutation({
    mutationFn: () => resendConfirmation(email ?? "", currentLanguage()),
    onSuccess: () => showToast("success", t("auth.confirmEmailSent.resent")),
  });
  return (
    <Message
      titleKey="auth.confirmEmailSent.title"
      bodyKey={email ? "auth.confirmEmailSent.bodyTo" : "auth.confirmEmailSent.body"}
      values={{ email: email ?? "" }}
    >
      {email && (
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className="text-sm font-semibold text-accent hover:underline"
        >
          {t("auth.confirmEmailSent.resend")}
        </button>
      )}
      <Link to="/sign-in" className="text-sm text-muted hover:underline">
        {t("account.signIn")}
      </Link>
    </Message>
  );
}

const attemptedTokens = new Set<string>();

/** What following the mailed link leaves for the success page: the server's answer, the user it signed in. */
type ConfirmedState = { user: AuthUser };

/** Follows the mailed link: the token is sent once; the answer signs the user in or explains the failure. */
export function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get("token") ?? "";
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current || attemptedTokens.has(token)) return;
    hasStarted.current = true;
    attemptedTokens.add(token);
    // The success page (outside the account-pages guard) takes the now signed-in user from the answer.
    confirmEmail(token).then(
      (user) => navigate("/confirm-email/success", { replace: true, state: { user } satisfies ConfirmedState }),
      () => navigate("/confirm-email/failed", { replace: true }),
    );
  }, [token, navigate]);

  return (
    <>
      <h1 className="sr-only">{useTexts().t("auth.confirmEmail.title")}</h1>
      <CenteredProgressBar />
    </>
  );
}

export function ConfirmEmailFailedPage() {
  const { t } = useTexts();
  return (
    <Message titleKey="auth.confirmEmailFailed.title" bodyKey="auth.confirmEmailFailed.body">
      <Link to="/sign-in" className={linkButton}>
        {t("account.signIn")}
      </Link>
    </Message>
  );
}

/**
 * The address is confirmed. The link's own browser is signed in by it (SPEC.md §4); a visitor who is not (another
 * browser, a later visit) is told to sign in, not that they are signed in.
 */
export function ConfirmEmailSuccessPage() {
  const { t } = useTexts();
  const authActor = useAuthActor();
  const { data: known } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const confirmed = (location.state as Partial<ConfirmedState> | null)?.user;
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (confirmed?.isAuthenticated) authActor.send({ type: "user.signedIn", user: confirmed });
    // The server's word after it: the history entry's answer may be old (signed out since, and back here).
    authActor.send({ type: "user.refresh" });
  }, [authActor, confirmed]);
  useEffect(() => {
    // Once the app knows the user, the answer is spent: from then on this page says what the app knows.
    if (confirmed && known?.isAuthenticated) navigate(location.pathname, { replace: true, state: null });
  }, [confirmed, known, navigate, location.pathname]);
  // Just confirmed here: signed in, by the server's answer, before the app knows it.
  const user = confirmed?.isAuthenticated ? confirmed : known;
  if (!user) {
    return (
      <>
        <h1 className="sr-only">{t("auth.confirmEmailSuccess.title")}</h1>
        <CenteredProgressBar />
      </>
    );
  }
  return user.isAuthenticated ? (
    <Message titleKey="auth.confirmEmailSuccess.title" bodyKey="auth.confirmEmailSuccess.body">
      <Link to="/" className={linkButton}>
        {t("auth.confirmEmailSuccess.start")}
      </Link>
    </Message>
  ) : (
    <Message titleKey="auth.confirmEmailSuccess.title" bodyKey="auth.confirmEmailSuccess.bodySignedOut">
      <Link to="/sign-in" className={linkButton}>
        {t("account.signIn")}
      </Link>
    </Message>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const form = useForm<ForgotPasswordBody>({ resolver: zodResolver(ForgotPasswordBody), defaultValues: { email: "" } });
  const mutation = useMutation({
    mutationFn: (body: ForgotPasswordBody) => forgotPassword({ ...body, language: currentLanguage() }),
    onSuccess: () => navigate("/forgot-password/sent"),
  });
  return (
    <>
      <h1 className="text-center text-2xl font-bold">{t("auth.forgotPassword.title")}</h1>
      <p className="mt-1 text-center text-sm text-muted">{t("auth.forgotPassword.subtitle")}</p>
      <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="mt-6 flex flex-col gap-4">
        <FormAlert message={mutation.isError ? t("errors.INTERNAL") : undefined} />
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <SubmitButton isPending={mutation.isPending}>{t("auth.forgotPassword.submit")}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/sign-in" className="font-semibold text-accent hover:underline">
          {t("auth.forgotPassword.back")}
        </Link>
      </p>
    </>
  );
}

export function ResetLinkSentPage() {
  const { t } = useTexts();
  return (
    <Message titleKey="auth.resetLinkSent.title" bodyKey="auth.resetLinkSent.body">
      <Link to="/sign-in" className="text-sm font-semibold text-accent hover:underline">
        {t("auth.forgotPassword.back")}
      </Link>
    </Message>
  );
}

export function ResetPasswordPage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string>();
  const form = useForm<ResetPasswordBody>({
    resolver: zodResolver(ResetPasswordBody),
    defaultValues: { token: search.get("token") ?? "", password: "", confirmPassword: "" },
  });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      showToast("success", t("auth.resetPassword.done"));
      navigate("/sign-in", { replace: true });
    },
    onError: () => setFailure(t("auth.resetPassword.failed")),
  });
  const { errors } = form.formState;
  return (
    <>
      <h1 className="text-center text-2xl font-bold">{t("auth.resetPassword.title")}</h1>
      <form
        noValidate
        onSubmit={form.handleSubmit(
          (body) => mutation.mutate(body),
          (invalid) => invalid.token && setFailure(t("auth.resetPassword.failed")),
        )}
        className="mt-6 flex flex-col gap-4"
      >
        <FormAlert message={failure} />
        <TextField
          label={t("auth.fields.newPassword")}
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
        <SubmitButton isPending={mutation.isPending}>{t("auth.resetPassword.submit")}</SubmitButton>
      </form>
    </>
  );
}
