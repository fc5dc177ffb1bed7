// The CSV the live page downloads (sim/web/live.js, csvOf) neutralises a cell a spreadsheet
// would run as a formula, as csv_field does for the command line's CSV. The page's own code is run:
// the downloads section of live.js, from its heading to csvOf's end, is cut out and evaluated (the rest of
// the file needs a browser). Usage: node live_csv_test.js SOURCE_DIR/sim/web/live.js
'use strict';
const fs = require('fs');
const vm = require('vm');

const source = fs.readFileSync(process.argv[2], 'utf8');
const start = source.indexOf('// ---- downloads');
const end = source.indexOf('function save(');
if (start < 0 || end < start) {
  console.error('live.js: the CSV code (// ---- downloads ... function save) was not found');
  process.exit(1);
}
const csvOf = vm.runInNewContext(source.slice(start, end) + '\ncsvOf;');

// An RFC 4180 reader of one record, written from the RFC.
function fields(line) {
  const out = [''];
  let quoted = false;
  for (let i = 0; i < line.length; ++i) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') { out[out.length - 1] += '"'; ++i; }
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}

let failures = 0;
function check(ok, what) {
  if (!ok) { ++failures; console.log('FAILED: ' + what); }
}

const hostile = ['=HYPERLINK("http://x","y")', '+cmd', '-2+3+cmd', '@SUM(A1)', '\tlead', '-inf'];
const run = {format: 'volley-result', estimates: hostile.map((name, i) => ({name, estimate: -0.5 * i, low: -1, high: 1, level: 0.95, method: 'wilson'}))};
const rows = csvOf(run).trimEnd().split('\n');
hostile.forEach((name, i) => {
  const cells = fields(rows[i + 1]);
  check(cells[0] === "'" + name, `metric ${JSON.stringify(name)} is written ${JSON.stringify(cells[0])}`);
  check(cells[1] === String(-0.5 * i), `a negative estimate stays a number, got ${JSON.stringify(cells[1])}`);
});

// A sweep's values are text from the request: a formula is neutralised, a negative number is not.
const sweep = {format: 'volley-sweep', axes: [{key: '@k'}], target: 'herero.win',
               points: ['-1', '=1+1', 'never'].map((v) => ({assignments: ['@k=' + v], target: {estimate: 0.5, low: 0.4, high: 0.6}, result: {tally: {trials: 10}}}))};
const sweepRows = csvOf(sweep).trimEnd().split('\n').map(fields);
check(sweepRows[0][0] === "'@k", `the sweep's key is written ${JSON.stringify(sweepRows[0][0])}`);
check(sweepRows[1][0] === '-1', `the value -1 is written ${JSON.stringify(sweepRows[1][0])}`);
check(sweepRows[2][0] === "'=1+1", `the value =1+1 is written ${JSON.stringify(sweepRows[2][0])}`);
check(sweepRows[3][0] === 'never', `the value never is written ${JSON.stringify(sweepRows[3][0])}`);

const tune = {format: 'volley-tune', parameter: '-p', points: [{x: -3, estimate: 0.1, low: 0, high: 0.2, trials: 5}]};
const tuneRows = csvOf(tune).trimEnd().split('\n').map(fields);
check(tuneRows[0][0] === "'-p", `the tuned parameter is written ${JSON.stringify(tuneRows[0][0])}`);
check(tuneRows[1][0] === '-3', `the point -3 is written ${JSON.stringify(tuneRows[1][0])}`);

console.log(failures ? failures + ' failed' : 'ok');
process.exit(failures ? 1 : 0);
