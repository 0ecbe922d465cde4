/**
 * The demo's past, written in the order it happened. Seeds that share a history (wallet top-ups and
 * transfers, orders paid with those points) schedule their steps here and one `run` writes them by
 * time: ledger and order ids then follow time as they would in real use (the wallet history lists
 * by id), and a step that spends points finds the ones earned or topped up before it.
 */
export interface DemoTimeline {
  /** Schedules `step` at `when`; steps at the same instant run in the order they were scheduled. */
  at(when: Date, step: () => Promise<unknown>): void;
  /** Schedules `step` after every timed one (fixing up what the steps stamped with now()). */
  atEnd(step: () => Promise<unknown>): void;
  /** Runs every scheduled step in time order, one after the other, then the `atEnd` ones. */
  run(): Promise<void>;
}

export function createDemoTimeline(): DemoTimeline {
  let steps: { when: number; n: number; step: () => Promise<unknown> }[] = [];
  let last: (() => Promise<unknown>)[] = [];
  return {
    at(when, step) {
      steps.push({ when: when.getTime(), n: steps.length, step });
    },
    atEnd(step) {
      last.push(step);
    },
    async run() {
      const due = [...steps.sort((a, b) => a.when - b.when || a.n - b.n).map((s) => s.step), ...last];
      steps = [];
      last = [];
      for (const step of due) await step();
    },
  };
}
