/**
 * One step at a time: a service that reconciles what runs with what its settings want (the FTP
 * server, the SECS/GEM endpoint) queues a step for every change, so two saves in a row never
 * start two listeners, and `settled()` answers once every step asked for so far has run. A step's
 * failure is the step's to record (its state, its health); the queue goes on with the next.
 */
export class StepQueue {
  private queue: Promise<void> = Promise.resolve();

  push(step: () => Promise<void>): void {
    this.queue = this.queue.then(step).catch(() => undefined);
  }

  settled(): Promise<void> {
    return this.queue;
  }
}
