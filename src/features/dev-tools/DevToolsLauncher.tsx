// Offers the dev panel when the server says it may (GET /dev/tools.json exists outside production only). The
// panel's code is a chunk of its own, fetched only then, so production pages never download it.
import { Suspense, useEffect, useState } from "react";
import { withLaterTexts } from "../../lib/i18n";
import { optionalLazy } from "../../lib/optional-lazy";

// Offline when its turn comes (say, a page that drew from its own first screen and lost the network at once), the
// panel is simply not offered.
const DevTools = optionalLazy(withLaterTexts(() => import("./components/DevTools").then((chunk) => chunk.DevTools)));

/** Whether the server offers the dev panel; false when it answers otherwise or not at all. */
export async function isDevToolsOffered(): Promise<boolean> {
  try {
    const response = await fetch("/dev/tools.json", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    // Production answers 404: the schema (and zod) load only when there is a body to check.
    if (!response.ok) return false;
    const body: unknown = await response.json();
    const { DevToolsStatus } = await import("../../../contract/dev-tools");
    return DevToolsStatus.safeParse(body).success;
  } catch {
    return false;
  }
}

export function DevToolsLauncher() {
  const [isOffered, setIsOffered] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void isDevToolsOffered().then((isAnswerYes) => isCurrent && setIsOffered(isAnswerYes));
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
