// Prints the run's totals as one plain line ('jest: N passed, N failed, N skipped') that CI reads.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, numTodoTests: todo } = results;
    process.stdout.write(`\njest: ${passed} passed, ${failed + results.numRuntimeErrorTestSuites} failed, ${skipped + todo} skipped\n`);
  }
}
module.exports = SummaryReporter;
