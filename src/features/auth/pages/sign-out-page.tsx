import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { useNavigate } from "react-router-dom";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { signOut } from "../api/account-calls";
import { useAuthActor } from "../auth-provider";

/** Ends the session on the server, forgets everything cached about the user, and goes home. */
export function SignOutPage() {
  const { t } = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authActor = useAuthActor();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const finish = () => {
      queryClient.clear();
      authActor.send({ type: "user.signedOut" });
      navigate("/", { replace: true });
    };
    signOut().then(finish, finish);
  }, [navigate, queryClient, authActor]);

  return (
    <>
      <h1 className="text-center text-2xl font-bold">{t("auth.signOut.title")}</h1>
      <CenteredProgressBar />
    </>
  );
}
