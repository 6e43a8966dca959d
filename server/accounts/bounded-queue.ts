// At most `concurrency` tasks run at once and at most `maxWaiting` wait for their turn, first come first served; one
// more is refused at once (decision 077). A waiting task is only its function: its work starts when its turn comes.
export type BoundedQueueOptions = {
  concurrency: number;
  maxWaiting: number;
  /** The error a task is refused with when `maxWaiting` tasks already wait. */
  refusal: () => Error;
};

export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: BoundedQueueOptions) {}

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) this.running += 1;
    else if (this.waiting.length < this.options.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw this.options.refusal();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** The place passes straight to the first in line, so a task arriving meanwhile cannot take it first. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
