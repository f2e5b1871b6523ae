// A node --test reporter for the test command's cache (scripts/test-cache.py,
// record-browser): one line per test that passed or failed, "pass FILE" or
// "fail FILE", so that each browser test file is known to have passed as a
// whole (a file that fails to load reports a failure under its own name; a
// cancelled test is a failure). scripts/test.sh adds it beside the TAP
// reporter that prints the tests.
export default async function* cacheReporter(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.file) {
      yield `${event.type === 'test:pass' ? 'pass' : 'fail'} ${event.data.file}\n`;
    }
  }
}
