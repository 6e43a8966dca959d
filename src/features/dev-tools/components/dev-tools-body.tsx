// The dev panel's drawer body, a chunk of its own (DevTools fetches it when the drawer first opens): for operators,
// server-side actions on an auction; for everyone, the page's live machines.
import { useTexts } from "../../../hooks/use-texts";
import { useDevMachines } from "../../../lib/dev-machines";
import { useUser } from "../../auth";
import { MachineCard } from "./machine-card";
import { OperatorActions } from "./operator-actions";

export function DevToolsBody() {
  const { t } = useTexts();
  const machines = useDevMachines();
  const { data: user } = useUser();
  const isOperator = user?.isAuthenticated === true && user.isOperator;
  return (
    <>
      {isOperator && <OperatorActions />}
      <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{t("devTools.machines")}</h2>
      {machines.length === 0 ? (
        <p className="text-sm text-muted">{t("devTools.noMachines")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {machines.map((machine) => (
            <li key={machine.key}>
              <MachineCard machine={machine} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
