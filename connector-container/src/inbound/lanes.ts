/**
 * The order in which a session's socket events are taken in. Each chat has a lane of its own: its events run one
 * after the other, in the order the socket gave them, while different chats run side by side (at most `concurrency`
 * tasks at once), so a busy chat or a slow media download holds up only its own chat. Events about the session as a
 * whole (the LID pairs and contacts it learns) are a barrier: they run after every task received before them, and
 * every task received after them waits for them, so a message never overtakes the pairing that names its sender.
 */
export class Lanes {
  /** the last task of each chat */
  private readonly tails = new Map<string, Promise<void>>();
  /** the last session-wide task */
  private barrier: Promise<void> = Promise.resolve();
  /** every task not finished yet */
  private readonly pending = new Set<Promise<void>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `task` after the chat's earlier tasks and the session-wide tasks received before it. */
  chat(key: string, task: () => Promise<void>): void {
    const previous = this.tails.get(key);
    const run = Promise.all([previous, this.barrier])
      .then(() => this.limited(task))
      .catch(this.onError);
    this.tails.set(key, run);
    this.track(run, () => {
      if (this.tails.get(key) === run) this.tails.delete(key);
    });
  }

  /** Runs `task` after every task received before it; every later task waits for it. */
  session(task: () => Promise<void>): void {
    const run = Promise.all([...this.pending])
      .then(task)
      .catch(this.onError);
    this.barrier = run;
    this.track(run);
  }

  /** Resolves once every task received so far, and any they were waiting for, has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** chats with a task received and not finished (tests) */
  get busyChats(): number {
    return this.tails.size;
  }

  private track(run: Promise<void>, done?: () => void): void {
    this.pending.add(run);
    void run.then(() => {
      this.pending.delete(run);
      done?.();
    });
  }

  private async limited(task: () => Promise<void>): Promise<void> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
