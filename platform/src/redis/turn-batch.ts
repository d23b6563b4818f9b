/**
 * Requests of one turn of the event loop, asked of Redis together. The high-volume routes (page
 * views, ad beacons) each need an answer from Redis before they can append, thousands of times a
 * second; a call per request (a command written to the socket, a reply parsed, a promise settled)
 * cost the gateway more than the rest of the request. Asked in one call per turn instead, each
 * gets the answer it would have had alone, a moment later: the call starts once the loop has run
 * the other requests that arrived with it.
 */
export class TurnBatch<Input, Output> {
  private pending: { input: Input; resolve(output: Output): void; reject(error: unknown): void }[] = [];

  /**
   * `send` answers a list of inputs with their outputs in the same order, or fails them all.
   * At most `maxInputs` go in one call; more wait for the next.
   */
  constructor(
    private readonly send: (inputs: Input[]) => Promise<Output[]>,
    private readonly maxInputs = 1000,
  ) {}

  ask(input: Input): Promise<Output> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ input, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending.splice(0, this.maxInputs);
    if (this.pending.length > 0) setImmediate(() => this.flush());
    this.send(batch.map((p) => p.input)).then(
      (outputs) => batch.forEach((p, i) => p.resolve(outputs[i]!)),
      (error: unknown) => batch.forEach((p) => p.reject(error)),
    );
  }
}
