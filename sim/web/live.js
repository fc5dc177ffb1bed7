// The live page of `volley serve`: a scenario's keys as a form, its TOML validated as you type, and
// the answer streamed as rounds of blocks complete (docs/api.md). Every change starts a run that
// replaces the previous one. Text from the scenario or the server reaches the page only through
// textContent and attribute values, never as HTML.
'use strict';

const clientId = 'page-' + Math.random().toString(36).slice(2);
const state = {
  scenario: '',          // a shipped name or a file named on the server's command line
  text: null,            // edited TOML, or null: the scenario as named
  originalText: '',
  keys: [],              // from the server: every --set key with type, default, range, [assumed] rule
  original: new Map(),   // key -> the document's value (TOML text)
  current: new Map(),    // key -> the value the form shows (TOML text)
  headline: '',
  pinned: null,          // Map key -> value of A, in compare mode
  controller: null,      // the fetch of the run in flight
  changeAt: null,        // performance.now() of the change that started the run in flight
  last: null,            // the last record drawn
};
window.volleyTiming = [];  // ms from a change to its first result drawn (the browser test reads it)
// Where that time went: until the first round's event was read, and until it was rendered (before the frame).
window.volleyTimingDetail = [];

const $ = (id) => document.getElementById(id);
const fmt = (x, digits = 4) => (typeof x === 'number' ? x.toFixed(digits) : String(x));
const percent = (level) => Math.round(level * 100) + '%';

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  return {status: response.status, body: await response.json()};
}

// ---- the form: one field per key, generated from the scenario model -----------------------------

// The form holds plain values (a word unquoted); an assignment needs TOML, so strings are quoted
// (JSON's string syntax is TOML's basic string).
function tomlOf(key, plain) {
  return key.type === 'choice' || key.type === 'string' ? JSON.stringify(plain) : String(plain);
}

function field(key) {
  const row = document.createElement('div');
  row.className = 'field';
  row.dataset.key = key.key;
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = key.key;
  if (key.assumed) {
    const mark = document.createElement('span');
    mark.className = 'assumed';
    mark.textContent = ' [assumed ' + key.assumed + ']';
    name.appendChild(mark);
  }
  name.title = key.type + (key.range ? ' in [' + key.range[0] + ', ' + key.range[1] + ']' : '') + '; default ' + key.default;
  row.appendChild(name);
  const value = state.current.get(key.key);
  let input;
  const out = document.createElement('span');
  if ((key.type === 'integer' || key.type === 'number') && key.range) {
    input = document.createElement('input');
    input.type = 'range';
    const v = Number(value), lo = key.range[0];
    const span = key.range[1] - lo;
    const hi = span <= 100 ? key.range[1] : Math.max(lo + 20, 2 * Math.abs(v), 2 * Math.abs(Number(key.default)) || 0);
    input.min = lo;
    input.max = Math.min(hi, key.range[1]);
    input.step = key.type === 'integer' ? 1 : (input.max - lo <= 2 ? 0.05 : 0.5);
    input.value = v;
    out.textContent = value;
    input.addEventListener('input', () => { out.textContent = input.value; });
  } else if (key.type === 'choice' || key.type === 'boolean') {
    input = document.createElement('select');
    for (const c of key.type === 'boolean' ? ['true', 'false'] : key.choices) {
      const option = document.createElement('option');
      option.value = c;
      option.textContent = c;
      input.appendChild(option);
    }
    input.value = value;
  } else if (key.key.endsWith('.policy')) {
    // The SF policy: never | always | turns:[..] | min-targets:k (a select for the common two).
    input = document.createElement('select');
    for (const c of new Set(['never', 'always', value])) {
      const option = document.createElement('option');
      option.value = c;
      option.textContent = c;
      input.appendChild(option);
    }
    input.value = value;
  } else {
    input = document.createElement('input');
    input.type = 'text';
    input.value = value;
  }
  input.name = key.key;
  input.addEventListener('change', () => {
    state.changeAt = performance.now();
    state.current.set(key.key, input.value);
    row.classList.toggle('changed', state.current.get(key.key) !== state.original.get(key.key));
    startRun();
  });
  row.appendChild(input);
  row.appendChild(out);
  if (key.type === 'integer' || key.type === 'number') {
    const sweep = document.createElement('button');
    sweep.type = 'button';
    sweep.textContent = '↔';
    sweep.title = 'sweep this key';
    sweep.addEventListener('click', () => openSweep(key));
    row.appendChild(sweep);
  }
  return row;
}

function buildForm(keys) {
  state.keys = keys;
  state.keyInfo = new Map(keys.map((k) => [k.key, k]));
  state.original = new Map(keys.map((k) => [k.key, k.value]));
  state.current = new Map(state.original);
  const form = $('form');
  form.replaceChildren(...keys.filter((k) => k.key !== 'kind').map(field));
  filterForm();
}
function filterForm() {
  const f = $('key-filter').value.toLowerCase();
  for (const row of $('form').children) row.hidden = f !== '' && !row.dataset.key.toLowerCase().includes(f);
}

// The assignments that make the form's values out of the document's.
function assignment(key, value) { return key + '=' + tomlOf(state.keyInfo.get(key), value); }
function assignments(values) {
  const sets = [];
  for (const [key, value] of values) if (value !== state.original.get(key)) sets.push(assignment(key, value));
  return sets;
}

// ---- runs -------------------------------------------------------------------------------------------

function runRequest() {
  const request = {client: clientId, seed: Number($('seed').value) || 0, trials: Number($('trials').value) || 100000};
  if ($('precision').value.trim() !== '') request.precision = $('precision').value.trim();
  if (state.text !== null) request.text = state.text; else request.scenario = state.scenario;
  if (state.pinned) {
    request.sets = assignments(state.pinned);
    // B: for every key A or B changed, B's value, so that B over A is exactly B.
    const vs = [];
    for (const [key, value] of state.current)
      if (value !== state.pinned.get(key)) vs.push(assignment(key, value));
    if (vs.length > 0) request.vs = vs;
  } else {
    request.sets = assignments(state.current);
  }
  return request;
}

async function startRun() {
  if (state.controller) state.controller.abort();  // the server also cancels it: same client id
  const controller = new AbortController();
  state.controller = controller;
  const request = runRequest();
  $('status').textContent = 'running…';
  let response;
  try {
    response = await fetch('/api/run', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                        body: JSON.stringify(request), signal: controller.signal});
  } catch (e) {
    if (e.name !== 'AbortError') $('status').textContent = 'connection failed: ' + e.message;
    return;
  }
  if (response.status !== 200) {
    const body = await response.json();
    $('status').textContent = 'refused (' + response.status + '): ' + body.error;
    showErrors(body.errors || []);
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = true;
  try {
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, {stream: true});
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = block.slice(7, block.indexOf('\n'));
        const data = JSON.parse(block.slice(block.indexOf('\ndata: ') + 7));
        if (controller !== state.controller) return;
        if (name === 'round' || name === 'done') {
          const readAt = performance.now();
          volleyRender(data);
          if (first && state.changeAt !== null) {
            const changeAt = state.changeAt, renderedAt = performance.now();
            requestAnimationFrame(() => {
              // The frame after the render is the one that shows it.
              window.volleyTiming.push(performance.now() - changeAt);
              window.volleyTimingDetail.push({event: readAt - changeAt, rendered: renderedAt - changeAt});
            });
            state.changeAt = null;
          }
          first = false;
        }
        if (name === 'done') $('status').textContent = data.stopped ? 'stopped' : 'done';
        if (name === 'error') $('status').textContent = 'error: ' + data.error;
      }
    }
  } catch (e) {
    if (e.name !== 'AbortError') $('status').textContent = 'stream broken: ' + e.message;
  }
}

// ---- sweeps: one key over a grid, each point a run with the same seed and trials ----------------------

// One run to its end (no rounds drawn): the final record, or null when stopped or refused.
async function runToEnd(request, signal) {
  const response = await fetch('/api/run', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                            body: JSON.stringify(request), signal});
  if (response.status !== 200) throw new Error((await response.json()).error);
  const text = await response.text();
  const at = text.lastIndexOf('event: done\ndata: ');
  if (at < 0) return null;
  const done = JSON.parse(text.slice(at + 18, text.indexOf('\n', at + 18)));
  return done.stopped ? null : done;
}

function openSweep(key) {
  state.sweepKey = key;
  const v = Number(state.current.get(key.key));
  const step = key.type === 'integer' ? 1 : Math.max(Math.abs(v) / 4, 0.05);
  $('sweep').hidden = false;
  $('sweep-key').textContent = key.key;
  $('sweep-from').value = Math.max(key.range ? key.range[0] : -Infinity, v - 4 * step);
  $('sweep-to').value = Math.min(key.range ? key.range[1] : Infinity, v + 4 * step);
  $('sweep-step').value = step;
  $('sweep').scrollIntoView();
}

async function runSweep() {
  const key = state.sweepKey;
  const from = Number($('sweep-from').value), to = Number($('sweep-to').value), step = Number($('sweep-step').value);
  if (!(step > 0) || !(to >= from) || (to - from) / step > 200) { $('sweep-status').textContent = 'give from <= to and a step > 0 (at most 200 points)'; return; }
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  const values = [];
  for (let i = 0; from + i * step <= to + 1e-9 * Math.abs(step); ++i) values.push(Number((from + i * step).toPrecision(12)));
  const headline = state.headline;
  const sweep = chart('sweep-chart', 'bar', {scales: {y: {min: 0}}});
  sweep.data.labels = values.map(String);
  sweep.data.datasets = [{label: headline, backgroundColor: palette[0], data: values.map(() => null), intervals: values.map(() => null)}];
  sweep.update();
  $('sweep-caption').textContent = headline + ' against ' + key.key + ', with ' + percent(0.95) + ' intervals';
  const base = runRequest();
  delete base.vs;
  for (let i = 0; i < values.length; ++i) {
    $('sweep-status').textContent = 'point ' + (i + 1) + ' of ' + values.length + '…';
    const request = Object.assign({}, base, {sets: base.sets.filter((a) => !a.startsWith(key.key + '=')).concat([key.key + '=' + values[i]])});
    let done;
    try {
      done = await runToEnd(request, controller.signal);
    } catch (e) {
      if (controller === state.controller) $('sweep-status').textContent = e.name === 'AbortError' ? 'sweep stopped' : 'point ' + values[i] + ': ' + e.message;
      return;
    }
    if (controller !== state.controller || done === null) { $('sweep-status').textContent = 'sweep stopped'; return; }
    const e = estimateMap(done).get(headline);
    const dataset = sweep.data.datasets[0];
    dataset.data[i] = e.estimate;
    dataset.intervals[i] = [e.low, e.high];
    sweep.update();
  }
  $('sweep-status').textContent = values.length + ' points, ' + base.trials.toLocaleString('en') + ' trials each, seed ' + base.seed;
}

// ---- drawing a result --------------------------------------------------------------------------------

// Draws each dataset's intervals (dataset.intervals: [[low, high], ...]) as whiskers on its bars.
const intervalPlugin = {
  id: 'intervals',
  afterDatasetsDraw(chart) {
    const ctx = chart.ctx;
    chart.data.datasets.forEach((dataset, d) => {
      if (!dataset.intervals) return;
      const meta = chart.getDatasetMeta(d);
      meta.data.forEach((bar, i) => {
        const iv = dataset.intervals[i];
        if (!iv) return;
        const y0 = chart.scales.y.getPixelForValue(iv[0]), y1 = chart.scales.y.getPixelForValue(iv[1]);
        ctx.save();
        ctx.strokeStyle = '#222';
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(bar.x, y0); ctx.lineTo(bar.x, y1);
        ctx.moveTo(bar.x - 5, y0); ctx.lineTo(bar.x + 5, y0);
        ctx.moveTo(bar.x - 5, y1); ctx.lineTo(bar.x + 5, y1);
        ctx.stroke();
        ctx.restore();
      });
    });
  },
};
const palette = ['#3b6ea5', '#c0504d', '#9bbb59', '#8064a2', '#f79646', '#4bacc6'];
const charts = {};
function chart(id, type, options) {
  if (!charts[id]) {
    charts[id] = new Chart($(id), {type, data: {labels: [], datasets: []}, plugins: [intervalPlugin],
      options: Object.assign({animation: false, responsive: true, maintainAspectRatio: false}, options)});
  }
  return charts[id];
}

// Histogram bins of every metric from the tally's words (docs/json-format.md): underflow, min..max, overflow.
function histograms(result) {
  const out = {};
  let at = 0;
  for (const m of result.metrics) {
    const bins = m.max - m.min + 3;
    out[m.name] = {min: m.min, counts: result.tally.words.slice(at + 1, at + bins - 1)};
    at += bins;
  }
  return out;
}

function estimateMap(result) { return new Map(result.estimates.map((e) => [e.name, e])); }

// The page's entry point: draw a result record (a round's or the final one); call again with a newer one.
function volleyRender(result) {
  state.last = result;
  const estimates = estimateMap(result);
  const compare = result.command === 'compare';
  const prefix = compare ? 'd1/' : '';
  const headline = estimates.get(prefix + state.headline) || result.estimates.find((e) => e.name.startsWith(prefix));
  const trials = result.tally.trials;
  const ending = result.partial ? (result.stopped ? ', stopped' : ', running…') : (result.precision_reached ? ', precision reached' : '');
  const h = $('headline');
  if (headline) {
    const words = compare ? 'B − A, ' + state.headline + ' (paired, common random numbers): ' : headline.name + ': ';
    h.textContent = words + fmt(headline.estimate) + ' [' + fmt(headline.low) + ', ' + fmt(headline.high) + '] (' +
      percent(headline.level) + ' ' + headline.method + ')';
    h.dataset.name = headline.name;
    h.dataset.estimate = String(headline.estimate);
    h.dataset.low = String(headline.low);
    h.dataset.high = String(headline.high);
  }
  h.dataset.trials = String(trials);
  h.dataset.partial = String(result.partial);
  $('progress').textContent = result.scenario.title + ': ' + trials.toLocaleString('en') + ' of ' +
    result.trials_planned.toLocaleString('en') + ' trials, seed ' + result.seed + ', ' + fmt(result.seconds, 2) + ' s' + ending;

  // Outcome: the headline probabilities (base variant's in compare mode: A and B side by side).
  const variants = compare ? ['v0/', 'v1/'] : [''];
  const outcomeNames = result.metrics.filter((m) => m.headline && m.kind === 'probability' && !m.name.startsWith('d'))
    .map((m) => m.name.replace(/^v\d+\//, '')).filter((n, i, all) => all.indexOf(n) === i);
  const outcome = chart('outcome-chart', 'bar', {scales: {y: {min: 0, max: 1}}});
  outcome.data.labels = outcomeNames;
  outcome.data.datasets = variants.map((v, i) => ({
    label: compare ? (i === 0 ? 'A' : 'B') : 'estimate', backgroundColor: palette[i],
    data: outcomeNames.map((n) => estimates.get(v + n)?.estimate ?? null),
    intervals: outcomeNames.map((n) => { const e = estimates.get(v + n); return e ? [e.low, e.high] : null; })}));
  outcome.update();

  // Casualty distributions: P(=k) of each side's casualties (the base variant in compare mode).
  const hist = histograms(result);
  const casualtyNames = result.metrics.filter((m) => m.name.startsWith(variants[0]) && m.name.endsWith('.casualties')).map((m) => m.name);
  const casualties = chart('casualty-chart', 'bar', {scales: {y: {min: 0}}});
  let maxK = 0;  // up to the largest value that occurred, not the histogram's whole range
  for (const n of casualtyNames) {
    const counts = hist[n].counts;
    for (let k = counts.length - 1; k >= 0; --k) if (counts[k] > 0) { maxK = Math.max(maxK, k + 1); break; }
  }
  casualties.data.labels = Array.from({length: maxK}, (_, k) => String(k));
  casualties.data.datasets = casualtyNames.map((n, i) => ({label: n.replace(/^v0\//, 'A: '), backgroundColor: palette[i],
    data: hist[n].counts.slice(0, maxK).map((c) => c / Math.max(trials, 1))}));
  casualties.update();

  // Hits per turn: each side's mean hits in each turn, with its interval.
  const perTurn = {};
  for (const e of result.estimates) {
    const m = e.name.match(/^(v0\/)?([^/]+)\.hits\.turn(\d+)$/);
    if (m && (!compare || m[1])) (perTurn[m[2]] = perTurn[m[2]] || [])[Number(m[3]) - 1] = e;
  }
  const sides = Object.keys(perTurn);
  const turns = chart('turn-chart', 'bar', {scales: {y: {min: 0}}});
  turns.data.labels = sides.length ? perTurn[sides[0]].map((_, t) => 'turn ' + (t + 1)) : [];
  turns.data.datasets = sides.map((s, i) => ({label: (compare ? 'A: ' : '') + s, backgroundColor: palette[i],
    data: perTurn[s].map((e) => e.estimate), intervals: perTurn[s].map((e) => [e.low, e.high])}));
  turns.update();

  // Compare: A, B and the paired difference of every headline estimate.
  $('compare').hidden = !compare;
  if (compare) {
    $('compare-line').textContent = 'A: ' + (result.variants[0] || 'base') + '    B: ' + result.variants[1];
    const rows = [];
    for (const e of result.estimates) {
      if (!e.name.startsWith('d1/')) continue;
      const n = e.name.slice(3), a = estimates.get('v0/' + n), b = estimates.get('v1/' + n);
      const tr = document.createElement('tr');
      tr.dataset.name = n;
      for (const [text, value] of [[n, null], [a ? fmt(a.estimate) : '', a?.estimate], [b ? fmt(b.estimate) : '', b?.estimate],
                                   [fmt(e.estimate) + ' [' + fmt(e.low) + ', ' + fmt(e.high) + ']', e.estimate]]) {
        const td = document.createElement('td');
        td.textContent = text;
        if (value !== null && value !== undefined) { td.className = 'num'; td.dataset.value = String(value); }
        tr.appendChild(td);
      }
      rows.push(tr);
    }
    $('compare-table').tBodies[0].replaceChildren(...rows);
  }

  // The map: volley's own SVG, every text in it XML-escaped (sim/output/map_svg.hpp), redrawn only when it changes.
  if (result.map_svg && result.map_svg !== state.mapSvg) {
    state.mapSvg = result.map_svg;
    $('map').innerHTML = result.map_svg;
  }

  // Every estimate with its interval.
  const rows = result.estimates.map((e) => {
    const tr = document.createElement('tr');
    tr.dataset.name = e.name;
    for (const [text, cls, value] of [[e.name, '', null], [fmt(e.estimate), 'num', e.estimate],
                                      ['[' + fmt(e.low) + ', ' + fmt(e.high) + ']', 'num', null], [e.method, '', null]]) {
      const td = document.createElement('td');
      td.textContent = text;
      td.className = cls;
      if (value !== null) td.dataset.value = String(value);
      tr.appendChild(td);
    }
    return tr;
  });
  $('estimates').tBodies[0].replaceChildren(...rows);

}
window.volleyRender = volleyRender;

// Downloads of exactly what is drawn, made when clicked.
function download(link, make) {
  link.addEventListener('click', () => {
    if (!state.last) return;
    if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(make(state.last));
  });
}
download($('download-json'), (result) => new Blob([JSON.stringify(result, null, 1)], {type: 'application/json'}));
// The report: the server makes the page of the report from the result drawn here.
$('download-report').addEventListener('click', async (event) => {
  event.preventDefault();
  if (!state.last) return;
  const response = await fetch('/api/report', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(state.last)});
  if (response.status !== 200) { $('status').textContent = 'report refused: ' + (await response.json()).error; return; }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await response.blob());
  a.download = 'volley-report.html';
  document.body.appendChild(a);
  a.click();
  a.remove();
});
download($('download-csv'), (result) => {
  const quote = (v) => '"' + String(v).replace(/"/g, '""') + '"';
  const rows = ['metric,estimate,low,high,level,method'].concat(result.estimates.map((e) =>
    [e.name, e.estimate, e.low, e.high, e.level, e.method].map(quote).join(',')));
  return new Blob([rows.join('\n') + '\n'], {type: 'text/csv'});
});

// ---- the scenario: picker, TOML editor, validation ----------------------------------------------------

// Each error with its line; a click selects that line in the text area.
function showErrors(errors) {
  $('errors').replaceChildren(...errors.map((e) => {
    const li = document.createElement('li');
    li.textContent = (e.line ? 'line ' + e.line + ': ' : '') + (e.key ? e.key + ': ' : '') + e.message;
    if (e.line && e.file === 'scenario text') {
      li.dataset.line = String(e.line);
      li.className = 'at-line';
      li.addEventListener('click', () => selectLine(e.line));
    }
    return li;
  }));
}
function selectLine(line) {
  const area = $('toml'), lines = area.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || '').length);
  const lineHeight = area.scrollHeight / Math.max(lines.length, 1);
  area.scrollTop = Math.max(0, (line - 5) * lineHeight);
}

async function loadScenario(name) {
  const {status, body} = await api('/api/scenario?name=' + encodeURIComponent(name));
  if (status !== 200) { $('status').textContent = body.error; return; }
  state.scenario = name;
  state.text = null;
  state.originalText = body.text;
  state.headline = body.headline || '';
  state.pinned = null;
  $('pin').hidden = false;
  $('unpin').hidden = true;
  $('toml').value = body.text;
  showErrors(body.errors);
  buildForm(body.keys);
  document.title = 'volley: ' + (body.title || name);
  startRun();
}

let validateTimer = null;
function onTomlInput() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(async () => {
    const text = $('toml').value;
    const {body} = await api('/api/validate', {text});
    showErrors(body.errors);
    if (!body.valid) { $('status').textContent = 'the TOML has errors: not run'; return; }
    state.text = text === state.originalText ? null : text;
    state.headline = body.headline;
    buildForm(body.keys);
    state.changeAt = performance.now();
    startRun();
  }, 150);
}

async function main() {
  const {body} = await api('/api/scenarios');
  const picker = $('scenario-picker');
  for (const name of body.scenarios) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = name;
    picker.appendChild(option);
  }
  picker.value = body.default;
  picker.addEventListener('change', () => loadScenario(picker.value));
  $('toml').addEventListener('input', onTomlInput);
  $('key-filter').addEventListener('input', filterForm);
  for (const id of ['trials', 'precision', 'seed']) $(id).addEventListener('change', () => { state.changeAt = performance.now(); startRun(); });
  $('stop').addEventListener('click', () => api('/api/stop', {client: clientId}));
  $('sweep-run').addEventListener('click', runSweep);
  $('sweep-close').addEventListener('click', () => { $('sweep').hidden = true; });
  $('pin').addEventListener('click', () => {
    state.pinned = new Map(state.current);
    $('pin').hidden = true;
    $('unpin').hidden = false;
    $('status').textContent = 'A pinned: change something to compare B with it';
  });
  $('unpin').addEventListener('click', () => {
    state.pinned = null;
    $('pin').hidden = false;
    $('unpin').hidden = true;
    state.changeAt = performance.now();
    startRun();
  });
  await loadScenario(body.default);
}
main();
