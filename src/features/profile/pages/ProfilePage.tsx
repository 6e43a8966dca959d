import { useTranslation } from "react-i18next";
import { PageHeading } from "../../../components/ui/PageHeading";
import { useUser } from "../../auth/api/get-user";

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  return (
    <>
      <PageHeading title={t("pages.profile.title")} />
      {user?.isAuthenticated && (
        <p className="text-lg">
          {user.firstName} {user.lastName} · {user.email}
        </p>
      )}
    </>
  );
}
