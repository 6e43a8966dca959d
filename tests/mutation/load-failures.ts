import type { Reporter, Vitest } from "vitest/node";
import type { File, Task, Test } from "@vitest/runner";

/** Every test of a file or suite, however deep. */
const testsOf = (task: Task): Test[] => (task.type === "test" ? [task] : "tasks" in task ? task.tasks.flatMap(testsOf) : []);
/** The errors of the file and of each suite in it that failed on its own (a hook), not through a test. */
const ownErrors = (task: Task): unknown[] => [
  ...(task.type !== "test" ? (task.result?.errors ?? []) : []),
  ...("tasks" in task ? task.tasks.flatMap(ownErrors) : []),
];

/**
 * A mutant that makes a module throw while it loads (a machine's `setup({})`, a constant emptied) fails every test
 * file that imports it, as `npm test` would. Stryker's Vitest runner builds its verdict from the tests it collected,
 * and a file that could not load has none, so it reported such a mutant as survived (stryker-js issues 6150 and
 * 6209). This reporter gives a file that failed before any test ran one failed test carrying the file's own error, so
 * the mutant counts as what it is: killed. Decision 037.
 *
 * The same holds for a file that loaded but failed around its tests: a mutant that breaks the server a `beforeAll`
 * starts skips every test of the file, and skipped tests fail nothing. Such a file gets the same failed test.
 */
export class LoadFailuresAsFailedTests implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  /** Runs before Stryker reads the run's files from the same state. */
  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== "fail") continue;
      if (file.tasks.length === 0) file.tasks.push(failedTest(file, "loads its modules", file.result.errors));
      else if (!testsOf(file).some((test) => test.result?.state === "fail"))
        file.tasks.push(failedTest(file, "runs its hooks", ownErrors(file)));
    }
  }
}

function failedTest(file: File, name: string, errors: unknown[] | undefined): Test {
  return {
    type: "test",
    id: `${file.id}_${name.replaceAll(" ", "_")}`,
    name,
    fullName: `${file.name} ${name}`,
    fullTestName: name,
    mode: "run",
    context: undefined as never, // never run: it only reports the file's own failure
    file,
    suite: file,
    meta: {},
    timeout: 0,
    annotations: [],
    artifacts: [],
    result: { state: "fail", errors: errors as NonNullable<Test["result"]>["errors"] },
  };
}
