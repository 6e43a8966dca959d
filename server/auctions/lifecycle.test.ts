import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database";
import { startLifecycle } from "./lifecycle";

/**
 * A database answering the lifecycle's two statements from `answer` (which sees whether it is the starting one); the
 * look for seat auctions short of their minimum (decision 102) finds none and is not counted in `query`.
 */
function fakeDatabase(answer: (isStart: boolean) => Promise<{ id: number }[]>) {
  const query = vi.fn((sql: string) => answer(sql.includes("set status = 'Running'")));
  const db = { query: (sql: string) => (sql.includes("seats_taken <") && !sql.includes("set status") ? Promise.resolve([]) : query(sql)) };
  return { db: db as unknown as Database, query };
}

const fakeLog = () => ({ info: vi.fn(), error: vi.fn() });
const asLog = (log: ReturnType<typeof fakeLog>) => log as unknown as FastifyBaseLogger;
const clock = () => new Date("2026-11-27T10:00:00Z");
/** Lets the tick's awaited work finish, moving no timer on. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A lifecycle over `answer` with a listener and shared work, after its first tick has run. */
async function startedLifecycle(answer: (isStart: boolean) => Promise<{ id: number }[]>) {
  const { db } = fakeDatabase(answer);
  const log = fakeLog();
  const onTransitions = vi.fn();
  const onTick = vi.fn(async () => {});
  const lifecycle = startLifecycle({ db, clock, log: asLog(log), onTransitions, onTick });
  await settle();
  return { lifecycle, log, onTransitions, onTick };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the lifecycle's tick", () => {
  it("ticks at once, tells and logs what moved, then does the work that shares the tick", async () => {
    const { lifecycle, log, onTransitions, onTick } = await startedLifecycle(async (isStart) => (isStart ? [{ id: 4 }] : [{ id: 9 }]));
    expect(onTick).toHaveBeenCalledTimes(1);
    const transitions = [
      { auctionId: 4, status: "Running" },
      { auctionId: 9, status: "Ended" },
    ];
    expect(onTransitions).toHaveBeenCalledWith(transitions);
    expect(log.info).toHaveBeenCalledWith({ transitions }, "auction lifecycle");
    await lifecycle.stop();
  });

  it("tells and logs nothing when nothing moved", async () => {
    const { lifecycle, log, onTransitions, onTick } = await startedLifecycle(async () => []);
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(onTransitions).not.toHaveBeenCalled();
    expect(log.info).not.toHaveBeenCalled();
    await lifecycle.stop();
  });

  it("needs no listener and no shared work", async () => {
    const { db, query } = fakeDatabase(async (isStart) => (isStart ? [{ id: 4 }] : []));
    const log = fakeLog();
    const lifecycle = startLifecycle({ db, clock, log: asLog(log) });
    await settle();
    expect(query).toHaveBeenCalledTimes(2);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
    await lifecycle.stop();
  });

  it("logs a failed tick and goes on ticking every tickMs", async () => {
    let calls = 0;
    const { db } = fakeDatabase(async () => {
      calls += 1;
      if (calls === 1) throw new Error("database gone");
      return [];
    });
    const log = fakeLog();
    const onTick = vi.fn(async () => {});
    const lifecycle = startLifecycle({ db, clock, log: asLog(log), onTick, tickMs: 100 });
    await settle();
    expect(log.error).toHaveBeenCalledWith({ err: new Error("database gone") }, "lifecycle tick failed");
    expect(onTick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(onTick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(onTick).toHaveBeenCalledTimes(2);
    await lifecycle.stop();
  });

  it("never queues a tick behind a slow one, and stops after the one running", async () => {
    let finish = () => {};
    const { db, query } = fakeDatabase(
      (isStart) =>
        new Promise((resolve) => {
          if (isStart) finish = () => resolve([]);
          else resolve([]);
        }),
    );
    const onTick = vi.fn(async () => {});
    const lifecycle = startLifecycle({ db, clock, log: asLog(fakeLog()), onTick, tickMs: 100 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(query).toHaveBeenCalledTimes(1);
    finish();
    await settle();
    expect(onTick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(query).toHaveBeenCalledTimes(3);

    const stopped = lifecycle.stop();
    let hasStopped = false;
    void stopped.then(() => (hasStopped = true));
    await settle();
    expect(hasStopped).toBe(false);
    finish();
    await stopped;
    expect(onTick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(query).toHaveBeenCalledTimes(4);
  });
});
