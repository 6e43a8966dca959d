// The door of /operator: an operator gets the back office, fetched only now (its chunk and texts are never part of a
// bidder's download: the import below runs only for an operator); anyone else gets the 404 page, as for any unknown
// path.
import { Suspense, lazy } from "react";
import { Navigate } from "react-router-dom";
import { CenteredProgressBar } from "../components/ui/progress-bar";
import { useUser } from "../features/auth";
import { loadLaterTexts, loadOperatorTexts } from "../lib/i18n";

// Its texts come with it: a namespace of their own, out of every visitor's language files.
const OperatorArea = lazy(async () => {
  const [chunk] = await Promise.all([import("../features/operator/operator-area"), loadOperatorTexts(), loadLaterTexts()]);
  return { default: chunk.OperatorArea };
});

export function OperatorGate() {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <CenteredProgressBar />;
  if (!user?.isAuthenticated || !user.isOperator) return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<CenteredProgressBar />}>
      <OperatorArea />
    </Suspense>
  );
}
