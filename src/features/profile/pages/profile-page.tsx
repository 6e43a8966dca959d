// Profile: edit the details, change the password, marketing consent, notifications (decision 035), the spend
// limits and break (decision 033), how often a reality check comes (decision 095), and the bidder's data: download it,
// or delete the account (decisions 092, 093).
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useState, type FormEventHandler, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTexts } from "../../../hooks/use-texts";
import { ChangePasswordBody, UpdateProfileBody, type Profile } from "../../../../contract";
import { PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { applyServerError } from "../../../lib/form-errors";
import { AddressCombobox } from "../../addresses";
import { changePassword, getProfile, updateProfile, useAuthActor } from "../../auth";
import { RealityCheckSetting } from "../../reality-check";
import { SpendLimitsSection } from "../../wallet";
import { DeleteAccountSection, MyDataSection } from "../../personal-data";
import { PushNotifications } from "../components/push-notifications";
import { setAnswered } from "../../../lib/query-client";

const profileQuery = { queryKey: ["profile"], queryFn: getProfile } as const;

export function ProfilePage() {
  const { t } = useTexts();
  const { data: profile } = useQuery(profileQuery);
  return (
    <>
      <PageHeading title={t("pages.profile.title")}>{profile?.email}</PageHeading>
      {profile ? (
        // Two balanced columns on a wide screen, the cards in reading order (details, password, notifications, limits,
        // break); one column on a phone.
        <div className="gap-6 *:mb-6 *:break-inside-avoid lg:columns-2">
          <ProfileForm profile={profile} />
          <PasswordForm />
          <PushNotifications className={card} />
          <Suspense fallback={null}>
            <SpendLimitsSection />
          </Suspense>
          <Suspense fallback={null}>
            <RealityCheckSetting className={card} />
            <MyDataSection className={card} />
            <DeleteAccountSection className={card} />
          </Suspense>
        </div>
      ) : (
        <CenteredProgressBar />
      )}
    </>
  );
}

const card = "rounded-2xl border border-line bg-surface p-6 shadow-sm";

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  const authActor = useAuthActor();
  const [failure, setFailure] = useState<string>();
  const form = useForm<UpdateProfileBody>({ resolver: zodResolver(UpdateProfileBody), defaultValues: profile });
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      void setAnswered(queryClient, profileQuery.queryKey, updated);
      authActor.send({ type: "user.refresh" });
      form.reset(updated);
      showToast("success", t("profile.updated"));
    },
    onError: (error) => {
      const message = applyServerError(error, form.setError, t);
      if (message !== undefined || !(error instanceof ApiError)) setFailure(t("profile.updateFailed"));
    },
  });
  const { errors } = form.formState;
  return (
    <FormCard
      id="profile-details"
      title={t("profile.details")}
      failure={failure}
      onSubmit={form.handleSubmit((body) => {
        setFailure(undefined);
        mutation.mutate(body);
      })}
    >
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
        error={errors.displayName?.message}
        {...form.register("displayName")}
      />
      <TextField label={t("auth.fields.phone")} type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register("phone")} />
      {/* The same field as the pay form's: it suggests addresses while typing (SPEC.md §5). */}
      <Controller
        control={form.control}
        name="deliveryAddress"
        render={({ field }) => (
          <AddressCombobox
            ref={field.ref}
            label={t("auth.fields.deliveryAddress")}
            hint={t("fulfilment.form.addressHint")}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.deliveryAddress?.message}
          />
        )}
      />
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary-500" {...form.register("isMarketingConsentGiven")} />
        {t("auth.fields.marketingConsent")}
      </label>
      <SubmitButton isPending={mutation.isPending}>{t("profile.save")}</SubmitButton>
    </FormCard>
  );
}

function PasswordForm() {
  const { t } = useTexts();
  const [failure, setFailure] = useState<string>();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(ChangePasswordBody),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset();
      showToast("success", t("profile.passwordChanged"));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "WRONG_CURRENT_PASSWORD") {
        form.setError("currentPassword", { message: "validation.wrongCurrentPassword" });
      }
      setFailure(t("profile.passwordChangeFailed"));
    },
  });
  const { errors } = form.formState;
  return (
    <FormCard
      id="profile-password"
      title={t("profile.changePassword")}
      failure={failure}
      onSubmit={form.handleSubmit((body) => {
        setFailure(undefined);
        mutation.mutate(body);
      })}
    >
      <TextField
        label={t("auth.fields.currentPassword")}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <TextField
        label={t("auth.fields.newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("validation.password")}
        error={errors.newPassword?.message}
        {...form.register("newPassword")}
      />
      <TextField
        label={t("auth.fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <SubmitButton isPending={mutation.isPending}>{t("profile.changePassword")}</SubmitButton>
    </FormCard>
  );
}

/** A card of the page with one form: its heading, the form's failure above its fields, and the fields. */
function FormCard({
  id,
  title,
  failure,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  failure: string | undefined;
  onSubmit: FormEventHandler;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert message={failure} />
        {children}
      </form>
    </section>
  );
}
