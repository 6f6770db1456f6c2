// Values no other test of the run has given: the e2e database lives for a whole run, and names,
// invoices and mobiles must not meet another test's rows. Playwright's worker loads this module
// once for every spec file it runs; a new worker (after a failure) starts from a new random point.

let digitsCalls = 0;

/** Nine digits: the clock's last six (milliseconds), then a counter, so two calls in one millisecond differ. */
export function uniqueDigits(): string {
  digitsCalls = (digitsCalls + 1) % 1000;
  return `${String(Date.now() % 1_000_000).padStart(6, "0")}${String(digitsCalls).padStart(3, "0")}`;
}

let mobileSequence = Math.floor(Math.random() * 100_000_000);

/** A UAE mobile in the stored form (971 5x xxx xxxx), one after another from a random start. */
export function nextMobile(): string {
  mobileSequence = (mobileSequence + 1) % 100_000_000;
  return `9715${String(mobileSequence).padStart(8, "0")}`;
}
