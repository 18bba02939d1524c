// Prints the plain closing line CI reads ("N passed, N failed[, N skipped]")
// after vitest's own summary.
function count(tasks, acc) {
  for (const t of tasks) {
    if (t.type === 'test') {
      const state = t.result?.state;
      if (t.mode === 'skip' || t.mode === 'todo') acc.skipped++;
      else if (state === 'pass') acc.passed++;
      else if (state === 'fail') acc.failed++;
    } else if (t.tasks) count(t.tasks, acc);
  }
  return acc;
}

export default class SummaryReporter {
  onFinished(files = [], errors = []) {
    const acc = count(files, { passed: 0, failed: 0, skipped: 0 });
    const failed = acc.failed + (errors.length ? 1 : 0) + files.filter((f) => f.result?.state === 'fail' && !f.tasks?.length).length;
    console.log(`${acc.passed} passed, ${failed} failed${acc.skipped ? `, ${acc.skipped} skipped` : ''}`);
  }
}
