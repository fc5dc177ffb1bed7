// The live page of `volley serve`: a scenario's keys as a form, its TOML validated as you type, and
// the answer streamed as rounds of blocks complete (docs/api.md). Every change starts a run that
// replaces the previous one. Every study (run, compare, sweep, tune, best play, balance) is the server's, the
// command line's own study code; the page computes none, it sends settings and draws what comes back. Every result (a run's, a compare's, a sweep's, a tune's, a best-play search's, a balance's) is drawn by the
// report's own front end, volley.render(result, root) (report.js): the report is this page's
// drawing with the data frozen in. Text from the scenario or the server reaches the page only
// through textContent and attribute values, never as HTML (the map is volley's escaped SVG).
'use strict';

const clientId = 'page-' + Math.random().toString(36).slice(2);
const state = {
  scenario: '',          // a shipped name or a file named on the server's command line
  text: null,            // edited TOML, or null: the scenario as named
  originalText: '',
  keys: [],              // from the server: every --set key with type, default, range, [assumed] rule
  keyInfo: new Map(),
  original: new Map(),   // key -> the document's value (TOML text)
  current: new Map(),    // key -> the value the form shows (TOML text)
  headline: '',
  pinned: null,          // Map key -> value of A, in compare mode
  controller: null,      // the run in flight (its fetch's AbortController)
  studyController: null, // the sweep or tune in flight
  studyKind: null,       // 'sweep' or 'tune': the last started
  bestController: null,  // the best-play search in flight
  best: null,            // the last best-play search drawn
  balanceController: null, // the balance in flight
  balance: null,         // the last balance drawn
  changeAt: null,        // performance.now() of the change that started the run in flight
  last: null,            // the last run or compare result drawn
  study: null,           // the last sweep or tune result drawn
  studyKey: null,
};
window.volleyTiming = [];  // ms from a change to its first result drawn (the browser test reads it)
// Where that time went: until the first round's event was read, and until it was rendered (before the frame).
window.volleyTimingDetail = [];

const $ = (id) => document.getElementById(id);

// The server answers only its own page: the address it printed carries its token (?token=...),
// which it leaves with this page as a cookie that every request here then carries (docs/api.md,
// "Access"). The token is taken out of the address bar so that it is not copied with a link; the
// fragment (a link's settings, below) stays.
if (new URLSearchParams(location.search).has('token')) history.replaceState(null, '', location.pathname + location.hash);

// A result's tally is 64-bit words (docs/json-format.md, "tally"); JSON.parse would round the words above
// 2^53, and a result downloaded or sent for its report would no longer be the server's. Integers beyond
// 2^53 are read as BigInt and written back digit for digit. The placeholder that carries them through
// JSON.parse holds a random tag, so no text in a result (a scenario's title, say) can pass for one.
const exactTag = 'exact-' + Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('') + ':';
const isDigit = (c) => c >= 48 && c <= 57;
function parseExact(text) {
  let marked = '', from = 0;
  for (let i = 0; i < text.length; ++i) {
    const c = text.charCodeAt(i);
    if (c === 34) {  // a string: skip it whole, escapes included
      for (++i; text.charCodeAt(i) !== 34; ++i) if (text.charCodeAt(i) === 92) ++i;
      continue;
    }
    if (c !== 45 && !isDigit(c)) continue;
    let end = i + 1;
    while (end < text.length && '0123456789.eE+-'.includes(text[end])) ++end;
    const literal = text.slice(i, end);
    if (/^-?[0-9]+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
      marked += text.slice(from, i) + '"' + exactTag + literal + '"';
      from = end;
    }
    i = end - 1;
  }
  return JSON.parse(marked + text.slice(from), (key, value) =>
    typeof value === 'string' && value.startsWith(exactTag) ? BigInt(value.slice(exactTag.length)) : value);
}
function stringifyExact(value, indent) {
  return JSON.stringify(value, (key, v) => typeof v === 'bigint' ? exactTag + v : v, indent)
    .replace(new RegExp('"' + exactTag + '(-?[0-9]+)"', 'g'), '$1');
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const answer = {status: response.status, body: await response.json()};
  if (response.status === 403) $('status').textContent = 'refused (403): ' + answer.body.error;
  return answer;
}

// POSTs a request whose answer is a stream of Server-Sent Events (docs/api.md) and calls
// onEvent(name, data) for each as it arrives. Returns null when the server refused (after showing
// why), otherwise when the stream ends. Throws AbortError when `signal` aborts it.
async function streamEvents(path, request, signal, onEvent) {
  const response = await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                      body: JSON.stringify(request), signal});
  if (response.status !== 200) {
    const body = await response.json();
    $('status').textContent = 'refused (' + response.status + '): ' + body.error;
    showErrors(body.errors || []);
    return null;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return true;
    buffer += decoder.decode(value, {stream: true});
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = block.slice(7, block.indexOf('\n'));
      onEvent(name, parseExact(block.slice(block.indexOf('\ndata: ') + 7)));
    }
  }
}

// ---- the form: one field per key, generated from the scenario model -----------------------------

// The form holds plain values (a word unquoted); an assignment needs TOML, so strings are quoted
// (JSON's string syntax is TOML's basic string).
function tomlOf(key, plain) {
  return key.type === 'choice' || key.type === 'string' ? JSON.stringify(plain) : String(plain);
}

function option(select, value) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = value;
  select.appendChild(o);
}

function field(key) {
  const row = document.createElement('div');
  row.className = 'field';
  row.dataset.key = key.key;
  const name = document.createElement('span');
  name.className = 'name';
  // The key in an isolate: a format character in a name (U+202E) cannot reorder the mark
  // after it.
  name.appendChild(document.createElement('bdi')).textContent = key.key;
  if (key.assumed) {
    const mark = document.createElement('span');
    mark.className = 'assumed';
    mark.textContent = ' [assumed ' + key.assumed + ']';
    name.appendChild(mark);
  }
  name.title = key.type + (key.range ? ' in [' + key.range[0] + ', ' + key.range[1] + ']' : '') + '; default ' + key.default;
  row.appendChild(name);
  const value = state.current.get(key.key);
  let input, extra = null;
  let read = () => input.value;
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
    for (const c of key.type === 'boolean' ? ['true', 'false'] : key.choices) option(input, c);
    input.value = value;
  } else if (isPolicy(key) && parsePolicy(value) !== null) {
    // The SF policy: a select of its form, then the numbers that form takes (policyEditor).
    const editor = policyEditor(value);
    input = editor.select;
    read = editor.text;
    extra = editor.numbers;
  } else {
    input = document.createElement('input');
    input.type = 'text';
    input.value = value;
  }
  input.name = key.key;
  const changed = () => {
    state.changeAt = performance.now();
    state.current.set(key.key, read());
    row.classList.toggle('changed', state.current.get(key.key) !== state.original.get(key.key));
    startRun();
    showFormInToml();
  };
  input.addEventListener('change', changed);
  if (extra) extra.addEventListener('change', changed);  // a policy's numbers (change bubbles)
  row.appendChild(input);
  if (!extra) row.appendChild(out);  // a policy's select takes the value's column too
  if (sweepable(key)) {
    const study = document.createElement('button');
    study.type = 'button';
    study.textContent = '↔';
    study.title = isNumber(key) ? 'sweep or tune this key' : 'sweep every value of this key';
    study.addEventListener('click', () => openStudy(key));
    row.appendChild(study);
  }
  if (extra) row.appendChild(extra);
  return row;
}

// The schnellfeuer policy's grammar (docs/rules.md, "Policies"; read by the scenario reader):
// never, always, turns:[t1,t2,...], min-targets:k, range:R, or conditions joined by '&' that must
// all hold; turns and min-targets do not join each other, range joins either. Its forms, in the
// order the editor writes their conditions:
const POLICY_FORMS = ['never', 'always', 'turns', 'min-targets', 'range', 'turns&range', 'min-targets&range'];
const POLICY_CONDITIONS = ['turns', 'min-targets', 'range'];
// A policy's form and numbers, or null for a text the editor cannot show (then a text field).
function parsePolicy(text) {
  const policy = {form: text, turns: '1,3', k: '3', range: '12'};
  if (text === 'never' || text === 'always') return policy;
  const names = [];
  for (const condition of String(text).split('&')) {
    let m;
    if ((m = /^turns:\[([0-9, ]+)\]$/.exec(condition))) { names.push('turns'); policy.turns = m[1].replace(/ /g, ''); }
    else if ((m = /^min-targets:([0-9]+)$/.exec(condition))) { names.push('min-targets'); policy.k = m[1]; }
    else if ((m = /^range:([0-9]+(\.[0-9]*)?)$/.exec(condition))) { names.push('range'); policy.range = m[1]; }
    else return null;
  }
  names.sort((a, b) => POLICY_CONDITIONS.indexOf(a) - POLICY_CONDITIONS.indexOf(b));
  policy.form = names.join('&');
  return POLICY_FORMS.includes(policy.form) ? policy : null;
}
// The policy editor: a select of the form and, below it, an input for each number the form takes
// (the turns, k, R); text() writes the policy string they make. The server checks it as any --set.
function policyEditor(value) {
  const policy = parsePolicy(value);
  const select = document.createElement('select');
  select.className = 'policy-form';
  for (const form of POLICY_FORMS) option(select, form);
  for (const o of select.options) o.textContent = o.value.replace('&', ' & ');
  select.value = policy.form;
  const numbers = document.createElement('div');
  numbers.className = 'policy-numbers';
  const part = (name, label, text, attributes) => {
    const box = numbers.appendChild(document.createElement('label'));
    box.dataset.condition = name;
    box.append(label + ' ');
    const input = box.appendChild(document.createElement('input'));
    Object.assign(input, attributes);
    input.value = text;
    input.dataset.part = name;
    return input;
  };
  const turns = part('turns', 'turns', policy.turns, {type: 'text', size: 8, title: 'the turns it fires in, comma separated'});
  const k = part('min-targets', 'k', policy.k, {type: 'number', min: 1, step: 1, title: 'fires when at least k units of the group have a target'});
  const range = part('range', 'R (in)', policy.range, {type: 'number', min: 0, step: 'any', title: 'fires when the group\u2019s nearest target is within R inches'});
  const show = () => {
    const conditions = select.value.split('&');
    for (const box of numbers.children) box.hidden = !conditions.includes(box.dataset.condition);
    numbers.hidden = !conditions.some((c) => POLICY_CONDITIONS.includes(c));
  };
  select.addEventListener('change', show);
  show();
  const text = () => {
    if (select.value === 'never' || select.value === 'always') return select.value;
    const written = {turns: 'turns:[' + turns.value.replace(/ /g, '') + ']', 'min-targets': 'min-targets:' + k.value, range: 'range:' + range.value};
    return select.value.split('&').map((c) => written[c]).join('&');
  };
  return {select, numbers, text};
}

// The scenario's decisions: what each side chooses to do (the SF policy and its group, the charge
// tactic, hidden fire and concealment, each unit's orders; a barrage side's policies and a
// mission's mode, sheaf and call policy), as against the numbers that describe the forces and the
// rules. A designer's question is most often one of these, so they come first.
const DECISION_KEYS =
  /(\.policies\.[a-z_]+|\.(policy|which|subgroup|charge_after|hidden_fire|keep_hidden|sfh_sight|reconceal|reconceal_blanks|orders|mode|sheaf))$/;
function isDecision(key) { return DECISION_KEYS.test(key.key); }

// `values` (key -> the form's value) start the form from a link's settings instead of the document's.
function buildForm(keys, values = new Map()) {
  state.keys = keys;
  state.keyInfo = new Map(keys.map((k) => [k.key, k]));
  state.original = new Map(keys.map((k) => [k.key, k.value]));
  state.current = new Map(state.original);
  for (const [key, value] of values) state.current.set(key, value);
  const shown = keys.filter((k) => k.key !== 'kind');
  const rows = shown.filter(isDecision).concat(shown.filter((k) => !isDecision(k))).map(field);
  for (const row of rows) {
    row.classList.toggle('decision', isDecision(state.keyInfo.get(row.dataset.key)));
    row.classList.toggle('changed', state.current.get(row.dataset.key) !== state.original.get(row.dataset.key));
  }
  $('form').replaceChildren(...rows);
  filterForm();
  const side = $('best-side'), chosen = side.value;
  side.replaceChildren();
  for (const name of sidesWithChoices(keys)) option(side, name);
  if (sidesWithChoices(keys).includes(chosen)) side.value = chosen;
  $('best-run').disabled = side.options.length === 0;
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

// The TOML pane follows the form: after a change it shows the scenario as the form's values make it
// (the server writes it, every key in place; the file's comments return when the form is back to
// the file's values). An edit in the pane remains the way to change the text itself.
let tomlTimer = null;
function showFormInToml() {
  clearTimeout(tomlTimer);
  tomlTimer = setTimeout(async () => {
    const sets = assignments(state.current);
    const base = state.text !== null ? state.text : state.originalText;
    if (sets.length === 0) { $('toml').value = base; return; }
    const request = {sets};
    if (state.text !== null) request.text = state.text; else request.scenario = state.scenario;
    const {status, body} = await api('/api/validate', request);
    if (status === 200 && body.valid && typeof body.text === 'string') $('toml').value = body.text;
  }, 100);
}

// ---- runs -------------------------------------------------------------------------------------------

// ---- links that reproduce a result --------------------------------------------------------------
// The address's fragment holds what a run depends on: the scenario's name (or its edited TOML), every
// value the form changed ("set", and "pin" for a pinned A), the seed, the trials and the precision.
// A copied link opens the page on the same answer, bit for bit (results depend on nothing else: not
// the threads, not the machine). The fragment never reaches the server: no token, no length limit.
function linkOf() {
  const link = new URLSearchParams();
  if (state.text !== null) link.set('toml', state.text); else link.set('scenario', state.scenario);
  const changed = (values) => Array.from(values).filter(([key, value]) => value !== state.original.get(key));
  for (const [key, value] of changed(state.current)) link.append('set', key + '=' + value);
  if (state.pinned) {
    link.set('pinned', 'A');
    for (const [key, value] of changed(state.pinned)) link.append('pin', key + '=' + value);
  }
  for (const id of ['seed', 'trials', 'precision']) if ($(id).value.trim() !== '') link.set(id, $(id).value.trim());
  return link;
}
// A link's "key=value" entries of `name` as form values; keys the scenario lacks are named in the status.
function linkValues(link, name, unknown) {
  const values = new Map();
  for (const entry of link.getAll(name)) {
    const at = entry.indexOf('=');
    const key = entry.slice(0, at);
    if (at > 0 && state.keyInfo.has(key)) values.set(key, entry.slice(at + 1)); else unknown.push(entry);
  }
  return values;
}
// Puts the page in the state a link describes, before its first run: the form's values, A if pinned,
// the seed, trials and precision.
function applyLink(link, keys) {
  for (const id of ['seed', 'trials', 'precision']) if (link.has(id)) $(id).value = link.get(id);
  state.keyInfo = new Map(keys.map((k) => [k.key, k]));
  const unknown = [];
  const current = linkValues(link, 'set', unknown);
  const pinned = linkValues(link, 'pin', unknown);
  buildForm(keys, current);
  if (link.has('pinned')) {
    const a = new Map(state.original);
    for (const [key, value] of pinned) a.set(key, value);
    setPinned(a);
  }
  return unknown;
}

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

// Draws a result into a root with the report's front end. A result still arriving is drawn without
// its `partial` mark (which the report reads as "interrupted"): the page says it is running.
function draw(result, root, running) {
  volley.render(running && result.partial ? Object.assign({}, result, {partial: false}) : result, root);
  root.dataset.partial = String(!!result.partial);
  root.dataset.running = String(!!running);
}

// The result pane shows the last settings that ran. When the current ones did not run (the TOML has
// errors, or the server refused them), it is dimmed under a note saying so (`why`; null: it shows
// the current settings), so that no one reads the last answer as theirs.
function markStale(why) {
  $('volley-report').classList.toggle('stale', why !== null);
  $('stale-note').hidden = why === null;
  $('stale-note').textContent = why === null ? '' : 'Not these settings: ' + why + ' The results below are of the last settings that ran.';
}

function showRun(result, running) {
  markStale(null);
  state.last = result;
  const root = $('volley-report');
  draw(result, root, running);
  root.dataset.trials = String(result.tally.trials);
  root.dataset.command = result.command;
  const ending = running ? ', running…' : result.stopped ? ', stopped' : result.precision_reached ? ', precision reached' : '';
  $('progress').textContent = result.tally.trials.toLocaleString('en') + ' of ' + result.trials_planned.toLocaleString('en') +
    ' trials, seed ' + result.seed + ', ' + result.seconds.toFixed(2) + ' s' + ending;
}

window.volleyRuns = 0;  // runs started (the browser test waits for a new one)
async function startRun() {
  ++window.volleyRuns;
  if (state.controller) state.controller.abort();  // the server also cancels it: same client id
  const controller = new AbortController();
  state.controller = controller;
  $('status').textContent = 'running…';
  history.replaceState(null, '', '#' + linkOf());
  let first = true;
  // Rounds can arrive faster than the page draws them: the first is drawn at once (it is the answer
  // to the change), later ones at the next frame, only the newest of those that came meanwhile.
  let pending = null;
  const drawPending = () => {
    if (pending !== null && controller === state.controller) showRun(pending, true);
    pending = null;
  };
  try {
    const ended = await streamEvents('/api/run', runRequest(), controller.signal, (name, data) => {
      if (controller !== state.controller || (name !== 'round' && name !== 'done')) return;
      if (name === 'round' && !first) {
        if (pending === null) requestAnimationFrame(drawPending);
        pending = data;
        return;
      }
      pending = null;
      const readAt = performance.now();
      showRun(data, name === 'round');
      if (first && state.changeAt !== null) {
        const changeAt = state.changeAt, renderedAt = performance.now();
        requestAnimationFrame(() => {
          // The frame after the render is the one that shows it: the answer's sentence, the tables
          // and the charts in sight that fit the frame's budget; the other charts in sight follow
          // in the next frames (report.js, drawSoon), timed as `charts`.
          const shown = performance.now();
          window.volleyTiming.push(shown - changeAt);
          const detail = {event: readAt - changeAt, rendered: renderedAt - changeAt, charts: null};
          window.volleyTimingDetail.push(detail);
          const waiting = volley.queued().map((c) => [c, c.$volleyDraws || 0]);
          const drawn = () => waiting.every(([c, draws]) => c.$volleyDestroyed || (c.$volleyDraws || 0) > draws);
          const check = () => { if (drawn()) detail.charts = performance.now() - changeAt; else requestAnimationFrame(check); };
          check();
        });
        state.changeAt = null;
      }
      first = false;
      if (name === 'done') $('status').textContent = data.stopped ? 'stopped' : 'done';
    });
    if (ended === null) {
      if (controller === state.controller) markStale('the server refused to run them (the line at the top says why).');
      return;
    }
    if (controller === state.controller && $('status').textContent === 'running…') $('status').textContent = 'ended';
  } catch (e) {
    if (e.name !== 'AbortError' && controller === state.controller) $('status').textContent = 'connection failed: ' + e.message;
  }
}

// ---- sweep and tune from the page -------------------------------------------------------------------

function studyKind() { return document.querySelector('input[name=study-kind]:checked').value; }

// A number is swept over a range (and can be tuned); a key of named values (a choice, a boolean, a
// schnellfeuer policy) over a list of its values, as `volley sweep --param KEY=a,b,c`.
function isNumber(key) { return key.type === 'integer' || key.type === 'number'; }
function isPolicy(key) { return key.type !== 'choice' && key.key.endsWith('.policy'); }
function sweepable(key) { return isNumber(key) || key.type === 'choice' || key.type === 'boolean' || isPolicy(key); }

// The axis a key is first swept over: nine points around the form's value, or every value of the key
// (a policy: never, always and the form's own; the first value is the base the paired differences
// are taken against).
function defaultAxis(key) {
  const value = state.current.get(key.key);
  if (!isNumber(key)) {
    const values = key.type === 'boolean' ? ['false', 'true'] : isPolicy(key) ? Array.from(new Set(['never', 'always', value])) : key.choices;
    return {values: values.join(',')};
  }
  const v = Number(value);
  const step = key.type === 'integer' ? Math.max(1, Math.round(Math.abs(v) / 4)) : Math.max(Math.abs(v) / 4, 0.1);
  return {from: Math.max(key.range ? key.range[0] : -Infinity, v - 4 * step), to: Math.min(key.range ? key.range[1] : Infinity, v + 4 * step), step};
}
const rangeText = (axis) => axis.from + ':' + axis.to + ':' + axis.step;

function openStudy(key) {
  state.studyKey = key;
  const axis = defaultAxis(key);
  $('study').hidden = false;
  $('study-key').textContent = key.key;
  $('study').dataset.axis = isNumber(key) ? 'range' : 'values';
  if (isNumber(key)) {
    $('study-from').value = axis.from;
    $('study-to').value = axis.to;
    $('study-step').value = axis.step;
  } else {
    $('study-values').value = axis.values;
    // A tune needs a number to move: a key of named values is swept.
    document.querySelector('input[name=study-kind][value=sweep]').checked = true;
  }
  document.querySelector('input[name=study-kind][value=tune]').disabled = !isNumber(key);
  // The second key: any other key a sweep can take.
  const second = $('study-key2'), chosen = second.value;
  second.replaceChildren();
  option(second, '');
  second.options[0].textContent = 'none';
  for (const k of state.keys) if (k.key !== key.key && k.key !== 'kind' && sweepable(k)) option(second, k.key);
  second.value = chosen !== key.key && state.keyInfo.has(chosen) ? chosen : '';
  onSecondKey();
  if ($('study-target').value === '') $('study-target').value = state.headline + '=0.5';
  $('study').dataset.kind = studyKind();
  $('study').scrollIntoView();
}
// A second key chosen: its values start as its default axis (a grid, as `--param A --param B`).
function onSecondKey() {
  const name = $('study-key2').value;
  $('study-param2').disabled = name === '';
  if (name === '') { $('study-param2').value = ''; return; }
  const axis = defaultAxis(state.keyInfo.get(name));
  $('study-param2').value = axis.values !== undefined ? axis.values : rangeText(axis);
}

function showStudy(result, running) {
  state.study = result;
  const root = $('study-report');
  draw(result, root, running);
  // How often it was drawn while filling in (the browser test checks that it was).
  if (running) root.dataset.drawnRunning = String(Number(root.dataset.drawnRunning || 0) + 1);
}

// A sweep: the server plays it (POST /api/sweep, as `volley sweep`: every point on the same seed and
// trials, common random numbers) and sends the sweep's document before its first point, then each
// point as it completes; the page draws the points so far, then the server's document.
async function runSweep(controller) {
  const key = state.studyKey;
  const request = runRequest();
  delete request.vs;
  request.client = clientId + '-sweep';
  const first = key.key + '=' + (isNumber(key) ? rangeText({from: $('study-from').value, to: $('study-to').value, step: $('study-step').value})
                                              : $('study-values').value.trim());
  const second = $('study-key2').value;
  const swept = second === '' ? [key.key] : [key.key, second];
  request.sets = request.sets.filter((a) => !swept.some((k) => a.startsWith(k + '=')));
  request.param = second === '' ? first : [first, second + '=' + $('study-param2').value.trim()];
  $('study-status').textContent = 'sweep: starting…';
  let sweep = null;
  const ended = await streamEvents('/api/sweep', request, controller.signal, (name, data) => {
    if (controller !== state.studyController) return;
    if (name === 'sweep') {
      sweep = data;
      $('study-status').textContent = 'sweep: point 1 of ' + sweep.points_planned + '…';
    } else if (name === 'point') {
      sweep.points.push(data);
      const next = sweep.points.length + 1;
      if (next <= sweep.points_planned) $('study-status').textContent = 'sweep: point ' + next + ' of ' + sweep.points_planned + '…';
      showStudy(sweep, true);
    } else if (name === 'done') {
      showStudy(data, false);
      $('study-status').textContent = data.stopped ? 'sweep stopped after ' + data.points_complete + ' points'
        : data.points.length + ' points, ' + request.trials.toLocaleString('en') + ' trials each, seed ' + data.seed;
    } else if (name === 'error') {
      $('study-status').textContent = 'sweep failed: ' + data.error;
    }
  });
  if (ended === null) $('study-status').textContent = 'sweep refused: ' + $('status').textContent;
}

// A tune: the server searches (POST /api/tune, as `volley tune`) and sends the result after each
// evaluated value.
async function runTune(controller) {
  const key = state.studyKey;
  const request = runRequest();
  delete request.vs;
  delete request.precision;
  request.client = clientId + '-tune';
  request.sets = request.sets.filter((a) => !a.startsWith(key.key + '='));
  request.param = key.key + '=' + $('study-from').value + ':' + $('study-to').value;
  request.target = $('study-target').value.trim();
  $('study-status').textContent = 'tune: searching…';
  let values = 0;
  const ended = await streamEvents('/api/tune', request, controller.signal, (name, data) => {
    if (controller !== state.studyController) return;
    if (name === 'value') {
      ++values;
      $('study-status').textContent = 'tune: ' + values + ' values evaluated, searching…';
      showStudy(data, true);
    } else if (name === 'done') {
      showStudy(data, false);
      $('study-status').textContent = data.stopped ? 'tune stopped after ' + data.points.length + ' values'
        : 'tune: ' + data.points.length + ' values, ' + request.trials.toLocaleString('en') + ' trials each, seed ' + data.seed;
    } else if (name === 'error') {
      $('study-status').textContent = 'tune failed: ' + data.error;
    }
  });
  if (ended === null) $('study-status').textContent = 'tune refused: ' + $('status').textContent;
}

// ---- best play from the page ------------------------------------------------------------------------

// The sides with choices to search: those with a schnellfeuer policy or units with orders.
function sidesWithChoices(keys) {
  const sides = [];
  for (const k of keys) {
    const m = /^([^.]+)\.(policy|units\.[^.]+\.orders)$/.exec(k.key);
    if (m && !sides.includes(m[1])) sides.push(m[1]);
  }
  return sides;
}

// The request of a search on the settings shown (a best-play search, a balance): the run's, without
// its variant B or precision, and with B's settings where A is pinned (the search plays what is shown).
function searchRequest(client) {
  const request = runRequest();
  delete request.vs;
  delete request.precision;
  if (state.pinned) request.sets = assignments(state.current);
  request.client = clientId + client;
  return request;
}

// A best-play search: the server races the side's policies in the scenario as set here (POST
// /api/best, as `volley best --side S`) and sends the search so far after its rounds; the race is
// drawn as it runs.
async function runBest() {
  if (state.bestController) state.bestController.abort();
  const controller = new AbortController();
  state.bestController = controller;
  const request = searchRequest('-best');
  request.side = $('best-side').value;
  const root = $('best-report');
  $('best').hidden = false;
  $('best-status').textContent = 'searching ' + request.side + '\u2019s policies…';
  const show = (result, running) => {
    state.best = result;
    draw(result, root, running);
    if (running) root.dataset.drawnRunning = String(Number(root.dataset.drawnRunning || 0) + 1);
  };
  try {
    const ended = await streamEvents('/api/best', request, controller.signal, (name, data) => {
      if (controller !== state.bestController) return;
      if (name === 'round') {
        show(data, true);
        const at = data.running;
        $('best-status').textContent = 'race ' + at.race + ', round ' + at.round + ': ' + at.left + ' of ' + at.started + ' candidates left, ' +
          data.races.length + (data.races.length === 1 ? ' race' : ' races') + ' so far…';
      } else if (name === 'done') {
        show(data, false);
        $('best-status').textContent = (data.stopped ? 'stopped after ' : 'done: ') + data.races.length + (data.races.length === 1 ? ' race' : ' races') +
          ', seed ' + data.seed + ', ' + data.seconds.toFixed(1) + ' s';
      } else if (name === 'error') {
        $('best-status').textContent = 'best failed: ' + data.error;
      }
    });
    if (ended === null) $('best-status').textContent = 'best refused: ' + $('status').textContent;
  } catch (e) {
    if (controller === state.bestController) $('best-status').textContent = e.name === 'AbortError' ? 'stopped' : 'failed: ' + e.message;
  }
}

// ---- balance from the page ---------------------------------------------------------------------------

// The keys a balance moves (sim/study/balance_grid.hpp): numbers over a range, choices and booleans
// over their values.
function balanceable(key) { return isNumber(key) || key.type === 'choice' || key.type === 'boolean'; }

// A free key's first values: an integer two either side of the form's value (every integer between,
// as `--free KEY=lo:hi`), a number over the sweep's nine points, a choice or boolean every value.
function defaultFree(key) {
  if (!isNumber(key)) return key.type === 'boolean' ? 'false,true' : key.choices.join(',');
  if (key.type !== 'integer') return rangeText(defaultAxis(key));
  const v = Number(state.current.get(key.key));
  return Math.max(key.range ? key.range[0] : -Infinity, v - 2) + ':' + Math.min(key.range ? key.range[1] : Infinity, v + 2);
}

// The metrics a goal can name: the scenario's estimates and its balance measures (a spread such as
// turn_decided.sd among them), as the last run drew them; the current estimate starts a new goal's value.
function balanceMetrics() {
  const metrics = new Map();
  if (state.headline) metrics.set(state.headline, 0.5);
  const r = state.last;
  // A compare's estimates of its variants and differences ("b/...", "d1/...") are no metric of the scenario.
  if (r) for (const e of (r.estimates || []).concat(r.balance_measures || [])) if (!e.name.includes('/') && !metrics.has(e.name)) metrics.set(e.name, e.estimate);
  return metrics;
}
function fillMetrics(select) {
  const chosen = select.value;
  select.replaceChildren();
  for (const name of balanceMetrics().keys()) option(select, name);
  if (chosen !== '') {
    if (!Array.from(select.options).some((o) => o.value === chosen)) option(select, chosen);
    select.value = chosen;
  }
}

function removable(row) {
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.textContent = '×';
  remove.title = 'remove';
  remove.addEventListener('click', () => row.remove());
  return remove;
}

// A free key's row: the key, and its values as --free takes them (lo:hi, lo:hi:step or a,b,c).
function addFree(name) {
  const row = document.createElement('div');
  row.className = 'balance-row free';
  const select = document.createElement('select');
  select.className = 'free-key';
  for (const k of state.keys) if (k.key !== 'kind' && balanceable(k)) option(select, k.key);
  const values = document.createElement('input');
  values.type = 'text';
  values.className = 'free-values';
  values.title = 'an integer lo:hi, a number lo:hi:step, or a list a,b,c';
  const pick = () => { values.value = defaultFree(state.keyInfo.get(select.value)); };
  if (name) select.value = name;
  select.addEventListener('change', pick);
  if (select.value !== '') pick();
  row.append(select, values, removable(row));
  $('balance-free').appendChild(row);
  return row;
}

// A goal's row: the metric, its relation (= a value, a band lo..hi, >= or <= a value) and the values.
const GOAL_RELATIONS = [['=', '=', 'equal to a value'], ['band', 'lo..hi', 'within a band lo..hi'], ['>=', '>=', 'at least a value'],
                        ['<=', '<=', 'at most a value']];
function addGoal(metric, relation = '=', value = null) {
  const row = document.createElement('div');
  row.className = 'balance-row goal';
  const select = document.createElement('select');
  select.className = 'goal-metric';
  fillMetrics(select);
  if (metric) { if (!Array.from(select.options).some((o) => o.value === metric)) option(select, metric); select.value = metric; }
  const kind = document.createElement('select');
  kind.className = 'goal-relation';
  for (const [v, text, title] of GOAL_RELATIONS) {
    option(kind, v);
    Object.assign(kind.options[kind.options.length - 1], {textContent: text, title});
  }
  kind.title = 'the goal: = a value, within a band lo..hi, >= or <= a value';
  kind.value = relation;
  const number = (cls, title) => Object.assign(document.createElement('input'), {type: 'text', className: cls, title, size: 6});
  const lo = number('goal-value', 'the goal\u2019s value (a band\u2019s low end)');
  const hi = number('goal-high', 'the band\u2019s high end');
  const start = () => {
    const v = balanceMetrics().get(select.value);
    return v === undefined ? '' : String(Number(v.toPrecision(2)));
  };
  lo.value = value === null ? start() : value;
  const show = () => { hi.hidden = kind.value !== 'band'; };
  kind.addEventListener('change', show);
  select.addEventListener('change', () => { lo.value = start(); });
  show();
  row.append(select, kind, lo, hi, removable(row));
  $('balance-goals').appendChild(row);
  return row;
}

// The goals as --goal takes them: METRIC=VALUE, METRIC=LO..HI, METRIC>=VALUE, METRIC<=VALUE.
function goalTexts() {
  return Array.from($('balance-goals').children, (row) => {
    const metric = row.querySelector('.goal-metric').value, relation = row.querySelector('.goal-relation').value;
    const lo = row.querySelector('.goal-value').value.trim(), hi = row.querySelector('.goal-high').value.trim();
    return relation === 'band' ? metric + '=' + lo + '..' + hi : metric + (relation === '=' ? '=' : relation) + lo;
  });
}

function openBalance() {
  $('balance').hidden = false;
  for (const select of $('balance-goals').querySelectorAll('.goal-metric')) fillMetrics(select);
  if ($('balance-free').children.length === 0) {
    const first = state.keys.find((k) => k.type === 'integer' && k.key.endsWith('.figures')) || state.keys.find((k) => k.key !== 'kind' && balanceable(k));
    if (first) addFree(first.key);
  }
  if ($('balance-goals').children.length === 0 && state.headline) addGoal(state.headline, '=', '0.5');
  $('balance').scrollIntoView();
}

// The request of `volley balance` on the scenario as set here (POST /api/balance): the free keys move
// from the form's values, which the answer's "keys changed" counts from.
function balanceRequest() {
  const request = searchRequest('-balance');
  request.free = Array.from($('balance-free').children, (row) => row.querySelector('.free-key').value + '=' + row.querySelector('.free-values').value.trim());
  request.goal = goalTexts();
  const tolerance = $('balance-tolerance').value.trim(), cap = $('balance-cap').value.trim();
  if (tolerance !== '') request.tolerance = Number(tolerance);
  if (cap !== '') request.trials = Number(cap);
  if ($('balance-best').checked) {
    request.policies = 'best';
    request.policy_trials = Number($('balance-policy-budget').value);
    request.policy_steps = Number($('balance-policy-steps').value);
  }
  return request;
}

// A balance: the server races every setting of the free keys (as `volley balance`) and sends the race
// after every look; each setting's estimates and intervals are drawn as they narrow, then the answer.
async function runBalance() {
  if (state.balanceController) state.balanceController.abort();
  const controller = new AbortController();
  state.balanceController = controller;
  const request = balanceRequest();
  const root = $('balance-report');
  root.dataset.drawnRunning = '0';
  root.dataset.done = 'false';
  const status = (text) => { $('balance-status').textContent = text; };
  status(request.policies ? 'balance: searching both sides\u2019 policies for each setting…' : 'balance: starting…');
  const show = (result, running) => {
    state.balance = result;
    draw(result, root, running);
    if (running) root.dataset.drawnRunning = String(Number(root.dataset.drawnRunning) + 1);
  };
  const count = (result, verdict) => result.candidates.filter((c) => c.verdict === verdict).length;
  try {
    const ended = await streamEvents('/api/balance', request, controller.signal, (name, data) => {
      if (controller !== state.balanceController) return;
      if (name === 'policies') {
        status('balance: policies searched for ' + data.candidate + ' of ' + data.candidates + ' settings, ' + data.trials.toLocaleString('en') + ' trials…');
      } else if (name === 'look') {
        show(data, true);
        status('look ' + data.looks_done + ' of ' + data.looks.length + ' (' + data.looks[data.looks_done - 1].toLocaleString('en') + ' trials a setting): ' +
               count(data, 'holds') + ' hold every goal, ' + count(data, 'open') + ' open, ' + count(data, 'dropped') + ' dropped…');
      } else if (name === 'done') {
        show(data, false);
        root.dataset.done = 'true';
        status((data.stopped ? 'stopped after ' + data.looks_done + ' looks' : 'done: ' + data.answer.length + ' in the answer (' + data.ending + ')') +
               ', ' + data.trials.toLocaleString('en') + ' trials, seed ' + data.seed + ', ' + data.seconds.toFixed(1) + ' s');
      } else if (name === 'error') {
        status('balance failed: ' + data.error);
      }
    });
    if (ended === null) status('balance refused: ' + $('status').textContent);
  } catch (e) {
    if (controller === state.balanceController) status(e.name === 'AbortError' ? 'stopped' : 'failed: ' + e.message);
  }
}

async function runStudy() {
  if (state.studyController) state.studyController.abort();
  const controller = new AbortController();
  state.studyController = controller;
  state.studyKind = studyKind();
  try {
    await (studyKind() === 'tune' ? runTune(controller) : runSweep(controller));
  } catch (e) {
    if (controller === state.studyController) $('study-status').textContent = e.name === 'AbortError' ? 'stopped' : 'failed: ' + e.message;
  }
}

// ---- downloads: JSON, CSV and the report of every result drawn ---------------------------------------

// A CSV cell, as csv_field writes one (analysis/text_format.hpp): quoted (RFC 4180), and a text that
// begins with = + - @, a tab or a carriage return and is not a number prefixed with ', so that a
// spreadsheet shows a name such as =HYPERLINK(...) instead of running it (OWASP, CSV injection).
const csvNumber = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const quote = (v) => {
  const text = String(v);
  const formula = typeof v !== 'number' && /^[=+\-@\t\r]/.test(text) && !csvNumber.test(text);
  return '"' + (formula ? "'" : '') + text.replace(/"/g, '""') + '"';
};
function csvOf(result) {
  let rows;
  if (result.format === 'volley-sweep') {
    rows = [result.axes.map((a) => a.key).concat([result.target, 'low', 'high', 'trials']).map(quote).join(',')].concat(result.points.map((p) =>
      p.assignments.map((a) => a.slice(a.indexOf('=') + 1)).concat([p.target.estimate, p.target.low, p.target.high, p.result.tally.trials]).map(quote).join(',')));
  } else if (result.format === 'volley-tune') {
    rows = [[result.parameter, 'estimate', 'low', 'high', 'trials'].map(quote).join(',')].concat(result.points.map((p) =>
      [p.x, p.estimate, p.low, p.high, p.trials].map(quote).join(',')));
  } else {
    rows = ['metric,estimate,low,high,level,method'].concat(result.estimates.map((e) =>
      [e.name, e.estimate, e.low, e.high, e.level, e.method].map(quote).join(',')));
  }
  return rows.join('\n') + '\n';
}
function save(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
function downloads(container, current) {
  for (const link of container.querySelectorAll('a[data-kind]')) {
    link.addEventListener('click', async (event) => {
      event.preventDefault();
      const result = current();
      if (!result) return;
      const stem = 'volley-' + (result.format === 'volley-result' ? result.command : result.format.slice(7));
      if (link.dataset.kind === 'json') save(new Blob([stringifyExact(result, 1)], {type: 'application/json'}), stem + '.json');
      else if (link.dataset.kind === 'csv') save(new Blob([csvOf(result)], {type: 'text/csv'}), stem + '.csv');
      else {
        // The report: the server makes the `--report` page of the result drawn here.
        // The server draws the map from the scenario itself: a report takes no markup from a request.
        const source = state.text !== null ? {text: state.text} : {scenario: state.scenario};
        source.sets = assignments(state.pinned || state.current);
        const response = await fetch('/api/report', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                     body: stringifyExact(Object.assign({result}, source))});
        if (response.status !== 200) { $('status').textContent = 'report refused: ' + (await response.json()).error; return; }
        save(await response.blob(), stem + '.html');
      }
    });
  }
}

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

function setPinned(values) {
  state.pinned = values;
  $('pin').hidden = values !== null;
  $('unpin').hidden = values === null;
  $('pinned').hidden = values === null;
  if (values) $('pinned').textContent = 'A: ' + (assignments(values).join('; ') || 'the scenario as written') + '; changes make B';
}

// With a link (the address's fragment, above), the scenario opens in the state it describes.
async function loadScenario(name, link = null) {
  const {status, body} = await api('/api/scenario?name=' + encodeURIComponent(name));
  if (status !== 200) { $('status').textContent = body.error; return; }
  state.scenario = name;
  state.text = null;
  state.originalText = body.text;
  state.headline = body.headline || '';
  setPinned(null);
  $('toml').value = body.text;
  showErrors(body.errors);
  let keys = body.keys, unknown = [];
  if (link && link.has('toml')) {
    const edited = await api('/api/validate', {text: link.get('toml')});
    $('toml').value = link.get('toml');
    showErrors(edited.body.errors);
    if (edited.status === 200 && edited.body.valid) {
      state.text = link.get('toml') === body.text ? null : link.get('toml');
      state.headline = edited.body.headline;
      keys = edited.body.keys;
    }
  }
  if (link) unknown = applyLink(link, keys); else buildForm(keys);
  $('study').hidden = true;
  $('study-target').value = '';
  if (state.bestController) state.bestController.abort();
  $('best').hidden = true;
  if (state.balanceController) state.balanceController.abort();
  $('balance').hidden = true;
  $('balance-free').replaceChildren();
  $('balance-goals').replaceChildren();
  document.title = 'volley: ' + (body.title || name);
  await startRun();
  if (unknown.length > 0) $('status').textContent += '; the link\'s settings this scenario lacks were left out: ' + unknown.join(', ');
}

let validateTimer = null;
function onTomlInput() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(async () => {
    const text = $('toml').value;
    const {body} = await api('/api/validate', {text});
    showErrors(body.errors);
    if (!body.valid) {
      $('status').textContent = 'the TOML has errors: not run';
      markStale('the TOML has errors (listed under it), so they were not run.');
      return;
    }
    state.text = text === state.originalText ? null : text;
    state.headline = body.headline;
    buildForm(body.keys);
    state.changeAt = performance.now();
    startRun();
  }, 150);
}

async function main() {
  const {status, body} = await api('/api/scenarios');
  if (status === 403) return;  // opened without the token: the status line says how to get in
  const picker = $('scenario-picker');
  for (const name of body.scenarios) option(picker, name);
  const link = location.hash.length > 1 ? new URLSearchParams(location.hash.slice(1)) : null;
  const named = link && body.scenarios.includes(link.get('scenario')) ? link.get('scenario') : body.default;
  picker.value = named;
  picker.addEventListener('change', () => loadScenario(picker.value));
  $('toml').addEventListener('input', onTomlInput);
  $('key-filter').addEventListener('input', filterForm);
  for (const id of ['trials', 'precision', 'seed']) $(id).addEventListener('change', () => { state.changeAt = performance.now(); startRun(); });
  $('stop').addEventListener('click', () => {
    api('/api/stop', {client: clientId});
    // A sweep is stopped by the server, which then sends the points played so far; a tune is let go.
    if (state.studyController && state.studyKind === 'sweep') api('/api/stop', {client: clientId + '-sweep'});
    else if (state.studyController) state.studyController.abort();
    if (state.bestController) state.bestController.abort();
    // A balance too is stopped by the server, which then sends the looks played so far.
    if (state.balanceController) api('/api/stop', {client: clientId + '-balance'});
  });
  for (const radio of document.querySelectorAll('input[name=study-kind]'))
    radio.addEventListener('change', () => { $('study').dataset.kind = studyKind(); });
  $('study-run').addEventListener('click', runStudy);
  $('study-key2').addEventListener('change', onSecondKey);
  $('best-run').addEventListener('click', runBest);
  $('best-close').addEventListener('click', () => {
    if (state.bestController) state.bestController.abort();
    $('best').hidden = true;
  });
  downloads($('best-downloads'), () => state.best);
  $('balance-open').addEventListener('click', openBalance);
  $('balance-add-free').addEventListener('click', () => addFree(null));
  $('balance-add-goal').addEventListener('click', () => addGoal(null));
  $('balance-run').addEventListener('click', runBalance);
  $('balance-best').addEventListener('change', () => $('balance').classList.toggle('best', $('balance-best').checked));
  $('balance-close').addEventListener('click', () => {
    if (state.balanceController) state.balanceController.abort();
    $('balance').hidden = true;
  });
  downloads($('balance-downloads'), () => state.balance);
  $('study-close').addEventListener('click', () => {
    if (state.studyController) state.studyController.abort();
    $('study').hidden = true;
  });
  downloads($('run-downloads'), () => state.last);
  downloads($('study-downloads'), () => state.study);
  $('pin').addEventListener('click', () => {
    setPinned(new Map(state.current));
    $('status').textContent = 'A pinned: change something to compare B with it';
  });
  $('unpin').addEventListener('click', () => {
    setPinned(null);
    state.changeAt = performance.now();
    startRun();
  });
  await loadScenario(named, link);
}
main();
