// Offers the dev panel when the server says it may (GET /dev/tools.json exists outside production only). The
// panel's code is a chunk of its own, fetched only then, so production pages never download it.
import { Suspense, lazy, useEffect, useState } from "react";

const DevTools = lazy(() => import("./components/DevTools").then((chunk) => ({ default: chunk.DevTools })));

export function DevToolsLauncher() {
  const [isOffered, setIsOffered] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    fetch("/dev/tools.json", { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      // Production answers 404: the schema (and zod) load only when there is a body to check.
      .then(async (body: unknown) => {
        if (body === null) return;
        const { DevToolsStatus } = await import("../../../contract/dev-tools");
        if (isCurrent && DevToolsStatus.safeParse(body).success) setIsOffered(true);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  if (!isOffered) return null;
  return (
    <Suspense fallback={null}>
      <DevTools />
    </Suspense>
  );
}
