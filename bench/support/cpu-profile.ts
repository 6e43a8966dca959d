// Where a measured window's CPU time goes, from a CPU profile (Chrome DevTools Protocol's, which Chromium and Node's
// inspector both write): summed per function (`--client-profile`: the client bench's live page, built unminified so
// that the names are the source's) or per part of the server (`--feed-profile`: which library or layer each sample
// was in). Used to find what to make cheaper and to show what a change saved (bench/results/history.md).

import { existsSync, readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The part of a `.cpuprofile` this reads (Chrome DevTools Protocol, Profiler.Profile). */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

export type FunctionTime = { name: string; selfMs: number; totalMs: number };

/** Functions that stand for no work of the page's own: the idle thread, the profiler, the collector's root. */
const NOT_WORK = new Set(["(idle)", "(root)", "(program)", "(garbage collector)"]);

/** A function's name and place, the same for each of its calls ("useEuro format.ts:61"). */
function functionKey({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  const file = url.slice(url.lastIndexOf("/") + 1).replace(/\?.*$/, "");
  return file ? `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}` : functionName;
}

/**
 * Per function, the time it ran itself and the time it was on the stack (a recursive function's sample counted once),
 * with the total of the samples in which the page was working.
 */
export function summariseProfile(profile: CpuProfile): { busyMs: number; functions: FunctionTime[] } {
  const { byId, parentOf } = treeOf(profile);
  const times = new Map<string, FunctionTime>();
  const timeOf = (name: string) => {
    let time = times.get(name);
    if (!time) times.set(name, (time = { name, selfMs: 0, totalMs: 0 }));
    return time;
  };
  let busyMs = 0;
  forEachSample(profile, byId, (sample, ms) => {
    const leaf = functionKey(sample.callFrame);
    if (NOT_WORK.has(leaf)) return;
    busyMs += ms;
    timeOf(leaf).selfMs += ms;
    const onStack = new Set<string>();
    for (let id: number | undefined = sample.id; id !== undefined; id = parentOf.get(id)) {
      const node = byId.get(id);
      if (node) onStack.add(functionKey(node.callFrame));
    }
    for (const name of onStack) if (!NOT_WORK.has(name)) timeOf(name).totalMs += ms;
  });
  return { busyMs, functions: [...times.values()] };
}

type ProfileNode = CpuProfile["nodes"][number];

/** The profile's call tree: its nodes by id, and each node's caller. */
function treeOf(profile: CpuProfile): { byId: Map<number, ProfileNode>; parentOf: Map<number, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  return { byId, parentOf };
}

/** Each sample's node with its interval in ms: the delta to the next sample (the last one's is not known: left out). */
function forEachSample(profile: CpuProfile, byId: Map<number, ProfileNode>, visit: (sample: ProfileNode, ms: number) => void): void {
  profile.samples.forEach((sampleId, index) => {
    const nextDelta = profile.timeDeltas[index + 1];
    const sample = byId.get(sampleId);
    if (nextDelta !== undefined && sample) visit(sample, nextDelta / 1000);
  });
}

/** The summary as lines for the terminal: the busy time, then the `count` costliest functions by each measure. */
export function describeProfile({ busyMs, functions }: ReturnType<typeof summariseProfile>, count = 25): string[] {
  const line = (time: FunctionTime) =>
    `  ${time.totalMs.toFixed(0).padStart(7)} ms total ${time.selfMs.toFixed(0).padStart(6)} ms self  ${time.name}`;
  const by = (measure: keyof Omit<FunctionTime, "name">) =>
    [...functions]
      .sort((a, b) => b[measure] - a[measure])
      .slice(0, count)
      .map(line);
  return [
    `profile: ${busyMs.toFixed(0)} ms of work in the window`,
    "by time on the stack:",
    ...by("totalMs"),
    "by time of its own:",
    ...by("selfMs"),
  ];
}

/** A part of the program, known by the files its code comes from. */
export type ProfilePart = { name: string; has: (url: string) => boolean };

/** Node's own code (streams, sockets, timers), which works for whichever part called it. */
const isNodeOwn = (url: string) => url === "" || url.startsWith("node:");

/**
 * Per part, the time of the samples it was working in: a sample belongs to the part of its innermost frame that is
 * not Node's own or native (a `writev` called by ws is socket.io's sending). A sample in no part's code is Node's own
 * (event loop, timers) unless it is garbage collection or native work outside JavaScript.
 */
export function partsOfProfile(profile: CpuProfile, parts: ProfilePart[]): { busyMs: number; byPart: Map<string, number> } {
  const { byId, parentOf } = treeOf(profile);
  const partOfNode = new Map<number, string>();
  const partOf = (id: number): string => {
    const known = partOfNode.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const url = node?.callFrame.url ?? "";
    const parent = parentOf.get(id);
    const part = isNodeOwn(url)
      ? parent === undefined
        ? "Node's own (event loop, timers, streams)"
        : partOf(parent)
      : (parts.find((candidate) => candidate.has(url))?.name ?? "other");
    partOfNode.set(id, part);
    return part;
  };
  const byPart = new Map<string, number>();
  let busyMs = 0;
  forEachSample(profile, byId, (sample, ms) => {
    const leaf = sample.callFrame.functionName;
    if (leaf === "(idle)" || leaf === "(root)") return;
    const part =
      leaf === "(garbage collector)" ? "garbage collection" : leaf === "(program)" ? "native, outside JavaScript" : partOf(sample.id);
    busyMs += ms;
    byPart.set(part, (byPart.get(part) ?? 0) + ms);
  });
  return { busyMs, byPart };
}

/**
 * The profile with each function of a built bundle named by the source file it was built from, read from the bundle's
 * source map (`<bundle>.map`; the bundle is the map's file beside it), so that `partsOfProfile` tells the app's code
 * from the rest as it does for sources run by tsx. Functions the map does not place keep the bundle's address.
 */
export function withOriginalSources(profile: CpuProfile, mapFile: string): CpuProfile {
  if (!existsSync(mapFile)) return profile;
  const map = new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")) as SourceMapPayload);
  const bundlePath = mapFile.replace(/\.map$/, "");
  const bundleUrl = pathToFileURL(bundlePath).href;
  const folder = path.dirname(mapFile);
  const nodes = profile.nodes.map((node) => {
    const { url, lineNumber, columnNumber } = node.callFrame;
    if (url !== bundleUrl && url !== bundlePath) return node;
    const entry = map.findEntry(lineNumber, columnNumber ?? 0) as { originalSource?: string };
    if (!entry.originalSource) return node;
    const source = entry.originalSource.startsWith("file:")
      ? entry.originalSource
      : pathToFileURL(path.resolve(folder, entry.originalSource)).href;
    return { ...node, callFrame: { ...node.callFrame, url: source } };
  });
  return { ...profile, nodes };
}
