/**
 * Command ids a device has answered: the command bus resends a request with the same id until it
 * hears a reply, and a device answers a repeated id with its first reply without running the command
 * again. A request still running when its repeat arrives shares the same answer. Bounded: the oldest
 * ids are forgotten past `max`.
 */
export class ReplyCache<T> {
  private readonly answers = new Map<string, Promise<T>>();
  constructor(private readonly max = 64) {}

  /** The answer to `id`: computed by `run` the first time, the stored one afterwards. */
  answer(id: string, run: () => T | Promise<T>): { reply: Promise<T>; repeated: boolean } {
    const known = this.answers.get(id);
    if (known) return { reply: known, repeated: true };
    const reply = Promise.resolve().then(run);
    this.answers.set(id, reply);
    if (this.answers.size > this.max) this.answers.delete(this.answers.keys().next().value!);
    return { reply, repeated: false };
  }

  get size() {
    return this.answers.size;
  }
}
