// A question before an action that cannot be undone: a Radix dialog with what will happen, optional fields, Go back
// and the action's own button. The dialog stays open while the action runs and shows its refusal, if any.
import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent, ReactNode } from "react";
import { useTexts } from "../../hooks/use-texts";
import { OpenLayer } from "../../lib/foreground";
import { Button, type ButtonVariant } from "./button";
import { FormAlert } from "./form";

type ConfirmDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  variant?: Extract<ButtonVariant, "primary" | "danger">;
  isPending?: boolean;
  /** The refusal to show above the buttons. */
  error?: string | undefined;
  /** Fields the action needs (a number of seconds), inside the dialog's form. */
  children?: ReactNode;
};

export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = "primary",
  isPending = false,
  error,
  children,
}: ConfirmDialogProps) {
  const { t } = useTexts();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1250] bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[1251] max-h-[calc(100dvh-2rem)] w-[440px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-surface p-6 shadow-2xl outline-none">
          <OpenLayer name="Confirm" />
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-muted">{description}</div>
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
            {children}
            <FormAlert message={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{t("common.goBack")}</Button>
              </Dialog.Close>
              <Button type="submit" variant={variant} disabled={isPending} aria-busy={isPending || undefined}>
                {isPending && (
                  <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                )}
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
