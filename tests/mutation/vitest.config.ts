import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { browserConfig as base } from "../../vite.config";
import { LoadFailuresAsFailedTests } from "./load-failures";

/**
 * The tests Stryker runs against each mutant (scripts/mutation.mjs), taken from the projects `npm test` runs. The
 * machines are proved by their unit tests and by the screens that read them (the component tests); the server's
 * folders by the unit tests beside them and the integration suite, which runs the server in-process (a mutant is
 * switched on in the test's own process, so a server started as a child process never sees it: those files are left
 * out).
 */
const suite = process.env.MUTATION_SUITE === "integration" ? "integration" : "unit";
const wanted = suite === "unit" ? ["unit", "components"] : ["unit", "integration"];
const childProcessFiles = [
  "tests/integration/crash-restart.test.ts",
  "tests/integration/multi-process.test.ts",
  "tests/integration/simulator.test.ts",
];

/** A server folder's own selection (scripts/mutation.mjs): its integration files, and the unit tests beside it. */
const chosenTests = (process.env.MUTATION_TESTS ?? "").split(",").filter(Boolean);
const folder = process.env.MUTATE ?? "machines";
const includeOf = (name: string | undefined, include: string[] | undefined) => {
  if (chosenTests.length === 0) return include;
  return name === "integration" ? chosenTests : [`${folder}/**/*.test.ts`];
};

const projects = (base.test?.projects ?? [])
  .filter((project): project is TestProjectInlineConfiguration => typeof project === "object" && "test" in project)
  .filter((project) => wanted.includes(project.test?.name as string))
  // Stryker runs one worker per runner process: the projects' own worker counts would only make them clash.
  .map(({ test: { maxWorkers: _maxWorkers, fileParallelism: _fileParallelism, ...test } = {}, ...project }) => ({
    ...project,
    test: {
      ...test,
      include: includeOf(typeof test.name === "string" ? test.name : undefined, test.include),
      exclude: [...childProcessFiles, "**/node_modules/**"],
    },
  }));

export default defineConfig({
  ...base,
  test: { projects, reporters: [new LoadFailuresAsFailedTests()] },
});
