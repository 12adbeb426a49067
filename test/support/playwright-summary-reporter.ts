import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints the browser suite's totals as one plain line ('playwright: N passed, N failed, N skipped'). */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'skipped') this.skipped++;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') this.passed++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    process.stdout.write(`\nplaywright: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
  }
}
