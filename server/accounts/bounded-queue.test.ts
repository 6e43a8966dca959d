import { describe, expect, it } from "vitest";
import { BoundedQueue } from "./bounded-queue";

class QueueFull extends Error {}

/** A task the test finishes by hand, recording when its work started. */
function heldTask(name: string, started: string[]) {
  let finish: (failure?: Error) => void = () => undefined;
  const work = () => {
    started.push(name);
    return new Promise<string>((resolve, reject) => {
      finish = (failure) => (failure ? reject(failure) : resolve(name));
    });
  };
  return { work, finish: (failure?: Error) => finish(failure) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a bounded queue", () => {
  it("runs at most its concurrency at once and starts the waiting ones in the order they came", async () => {
    const queue = new BoundedQueue({ concurrency: 2, maxWaiting: 3, refusal: () => new QueueFull() });
    const started: string[] = [];
    const tasks = ["a", "b", "c", "d", "e"].map((name) => heldTask(name, started));
    const results = tasks.map((task) => queue.run(task.work));
    await settle();
    expect(started).toEqual(["a", "b"]);
    expect(queue.load).toEqual({ running: 2, waiting: 3 });

    tasks[1]!.finish();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    tasks[0]!.finish();
    await settle();
    expect(started).toEqual(["a", "b", "c", "d"]);
    for (const task of tasks.slice(2)) {
      task.finish();
      await settle();
    }
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d", "e"]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a task at once when its waiting places are taken, and never starts its work", async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 1, refusal: () => new QueueFull("busy") });
    const started: string[] = [];
    const running = heldTask("running", started);
    const waiting = heldTask("waiting", started);
    const refused = heldTask("refused", started);
    const results = [queue.run(running.work), queue.run(waiting.work)];
    await expect(queue.run(refused.work)).rejects.toBeInstanceOf(QueueFull);
    running.finish();
    await settle();
    waiting.finish();
    expect(await Promise.all(results)).toEqual(["running", "waiting"]);
    expect(started).toEqual(["running", "waiting"]);
  });

  it("takes tasks again once the line has moved", async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0, refusal: () => new QueueFull() });
    const started: string[] = [];
    const first = heldTask("first", started);
    const result = queue.run(first.work);
    await expect(queue.run(heldTask("refused", started).work)).rejects.toBeInstanceOf(QueueFull);
    first.finish();
    await result;
    const second = heldTask("second", started);
    const again = queue.run(second.work);
    second.finish();
    expect(await again).toBe("second");
  });

  it("frees the place of a task that fails, and passes its failure on", async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 1, refusal: () => new QueueFull() });
    const started: string[] = [];
    const failing = heldTask("failing", started);
    const next = heldTask("next", started);
    const failed = queue.run(failing.work);
    const result = queue.run(next.work);
    failing.finish(new Error("scrypt failed"));
    await expect(failed).rejects.toThrow("scrypt failed");
    await settle();
    expect(started).toEqual(["failing", "next"]);
    next.finish();
    expect(await result).toBe("next");
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the place of a task that throws before it returns a promise", async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0, refusal: () => new QueueFull() });
    await expect(
      queue.run(() => {
        throw new Error("bad input");
      }),
    ).rejects.toThrow("bad input");
    expect(await queue.run(() => Promise.resolve("after"))).toBe("after");
  });

  it("gives a freed place to the first in line, not to a task that arrives meanwhile", async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 1, refusal: () => new QueueFull() });
    const started: string[] = [];
    const first = heldTask("first", started);
    const inLine = heldTask("in line", started);
    const firstResult = queue.run(first.work);
    const inLineResult = queue.run(inLine.work);
    first.finish();
    await firstResult;
    // The place is passed on, not given back: a newcomer now waits, and a second one is refused.
    const newcomer = heldTask("newcomer", started);
    const newcomerResult = queue.run(newcomer.work);
    await expect(queue.run(heldTask("late", started).work)).rejects.toBeInstanceOf(QueueFull);
    await settle();
    expect(started).toEqual(["first", "in line"]);
    inLine.finish();
    await settle();
    newcomer.finish();
    expect(await Promise.all([inLineResult, newcomerResult])).toEqual(["in line", "newcomer"]);
    expect(started).toEqual(["first", "in line", "newcomer"]);
  });
});
