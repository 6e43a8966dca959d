// The account pages' frames; their forms arrive with the accounts capability.
import { useTranslation } from "react-i18next";

type AuthPageKey =
  | "signIn"
  | "signUp"
  | "forgotPassword"
  | "resetLinkSent"
  | "resetPassword"
  | "confirmEmail"
  | "confirmEmailFailed"
  | "confirmEmailSent"
  | "confirmEmailSuccess"
  | "signOut";

function AuthPage({ page }: { page: AuthPageKey }) {
  const { t } = useTranslation();
  return <h1 className="text-center text-2xl font-bold">{t(`auth.${page}.title`)}</h1>;
}

export const authPage = (page: AuthPageKey) => () => <AuthPage page={page} />;
