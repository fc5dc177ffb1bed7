// The report page's front end: volley.render(result, root) draws a volley result (docs/json-format.md)
// into `root`: first the answer in one sentence with its interval, then the charts, the map and the
// tables. It can be called again with a newer result (the live page of `volley serve` does so with
// streamed results): everything is drawn afresh, except that a chart drawn again with the same title
// and kind in the same root is the same Chart given the new data (creating a chart costs about ten
// times updating one, and a page redraws every round); charts not drawn again are destroyed.
//
// Charts are Chart.js 3 (Debian libjs-chart.js, inlined by the page); intervals use its own features:
// bars and whiskers are floating bars [low, high] sharing a stack slot with the estimate's bar, bands
// are line datasets filled between their edges, and every tooltip gives the value and its interval.
// Text from the result (scenario names, labels) is always inserted as text, never as markup; the one
// exception is the map, SVG that volley wrote with every text XML-escaped (sim/output/map_svg.hpp).
(function (global) {
  'use strict';

  // One meaning per colour on every page: the variants of a compare (and the lines of a sweep) take
  // the palette in order, base first; a side has its own pair, never a variant's; a heat map's scale
  // (brown below, teal above) is neither, and is drawn with its legend.
  var palette = ['#0072B2', '#D55E00', '#E69F00', '#56B4E9', '#000000', '#999999'];
  var sidePalette = ['#009E73', '#CC79A7'];
  var heatBelow = [140, 81, 10], heatAbove = [1, 102, 94];
  var charts = [];        // the charts of the render in progress
  var reusable = null;    // that root's charts from its previous render, by key, while it renders
  var drawn = new Map();  // each root's charts (a page may draw several results, each in its root)
  var MINUS = '\u2212', GE = '\u2265', EN = '\u2013';

  // ---- Small helpers -------------------------------------------------------------------------
  // Bidirectional and invisible format characters (U+202E RIGHT-TO-LEFT OVERRIDE, ...) shown as \uXXXX,
  // as the terminal shows them: in a text that joins a name to other words and figures (a title, a
  // metric's description) an override in the name would reverse everything after it.
  var FORMAT = /[\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;
  function visible(text) {
    return String(text).replace(FORMAT, function (c) { return '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'); });
  }
  // An element made from text: the text as `visible` makes it, unless the element isolates it (a <bdi>, or
  // dir="auto"), where a name keeps its characters and cannot reorder what follows.
  function el(tag, attrs) {
    var node = document.createElement(tag);
    var isolated = tag === 'bdi' || (attrs && attrs.dir === 'auto');
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === 'text') node.textContent = isolated ? attrs[k] : visible(attrs[k]);
      else if (k === 'cls') node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; ++i) {
      var child = arguments[i];
      if (child === null || child === undefined) continue;
      node.appendChild(typeof child === 'string' ? document.createTextNode(isolated ? child : visible(child)) : child);
    }
    return node;
  }
  // A name (from the scenario or the command line) in a sentence: dir="auto" makes the element an
  // isolate, so a name's format characters or right-to-left letters cannot reorder the words and
  // figures after it.
  function code(text) { return el('code', { text: text, dir: 'auto' }); }
  function colour(i, alpha) { return hexColour(palette[i % palette.length], alpha); }
  function sideColour(i, alpha) { return hexColour(sidePalette[i % sidePalette.length], alpha); }
  function hexColour(c, alpha) {
    if (alpha === undefined) return c;
    var n = parseInt(c.slice(1), 16);
    return 'rgba(' + (n >> 16 & 255) + ',' + (n >> 8 & 255) + ',' + (n & 255) + ',' + alpha + ')';
  }
  // Digits grouped for reading: 552,114.
  function grouped(n) { return Math.round(n).toLocaleString('en-US'); }
  function fixed(x, digits) {
    if (x === null || x === undefined || typeof x !== 'number' || !isFinite(x)) return String(x);
    var s = x.toFixed(digits);
    return s.charAt(0) === '-' ? MINUS + s.slice(1) : s;
  }
  function signed(x, digits) { return (x > 0 ? '+' : '') + fixed(x, digits); }
  function percent(p) { return fixed(100 * p, 1) + '%'; }
  // An axis tick in percent with the decimals its step needs (2.5%, not a second 3%).
  function percentTick(v) { return +(100 * v).toFixed(2) + '%'; }
  function levelText(level) { return fixed(100 * level, Math.abs(level * 100 - Math.round(level * 100)) > 1e-9 ? 1 : 0) + '%'; }
  // A figure of the answer: the number as shown, the exact value for scripts and tests.
  function figure(text, value) { var s = el('span', { cls: 'figure', text: text }); s.dataset.value = String(value); return s; }

  function metricInfo(result, name) { return (result.metrics || []).find(function (x) { return x.name === name; }) || {}; }
  function estimateOf(result, name) { return (result.estimates || []).find(function (x) { return x.name === name; }); }
  // "v1/herero.win" -> "herero.win"
  function ownName(name) { var i = name.indexOf('/'); return i < 0 ? name : name.slice(i + 1); }

  function section(root, title) { var s = el('section', null, el('h2', { text: title })); root.appendChild(s); return s; }

  // A chart in a box: title, a note, a canvas. Returns the Chart.
  function chart(parent, title, note, config, tall) {
    config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, config.options || {});
    var key = [title, note || '', config.type, tall ? 'tall' : ''].join('|');
    var old = reusable && reusable.get(key);
    if (old) {
      reusable.delete(key);
      old.data = config.data;
      old.options = config.options;
      // Drawing is what costs (3 ms a chart at idle, ten times that on a busy machine): a chart in
      // sight is drawn at the next frames, a few per frame (drawSoon), so that the answer's sentence
      // shows at once; one out of sight when it comes into sight (watchSight).
      if (old.$volleyInSight !== false) drawSoon(old); else old.$volleyStale = true;
      parent.appendChild(old.$volleyBox);
      charts.push(old);
      return old;
    }
    var canvas = el('canvas');
    var box = el('div', { cls: 'chart' + (tall ? ' tall' : '') }, el('h3', { text: title }), note ? el('p', { cls: 'note', text: note }) : null,
                 el('div', { cls: 'canvas-box' }, canvas));
    parent.appendChild(box);
    var c = new Chart(canvas.getContext('2d'), config);
    c.$volleyKey = key;
    c.$volleyBox = box;
    watchSight(c);
    charts.push(c);
    return c;
  }

  // Charts given new data, drawn at the next animation frames within a budget per frame.
  var drawQueue = [], drawScheduled = false;
  var FrameBudgetMs = 12;
  function drawSoon(c) {
    if (drawQueue.indexOf(c) < 0) drawQueue.push(c);
    if (!drawScheduled) { drawScheduled = true; requestAnimationFrame(drawQueued); }
  }
  function drawQueued() {
    drawScheduled = false;
    var start = performance.now();
    while (drawQueue.length && performance.now() - start < FrameBudgetMs) {
      var c = drawQueue.shift();
      if (c.$volleyDestroyed) continue;
      c.update('none');
      c.$volleyDraws = (c.$volleyDraws || 0) + 1;
    }
    if (drawQueue.length) { drawScheduled = true; requestAnimationFrame(drawQueued); }
  }

  // Whether each chart is in sight, so that a redraw can leave those out of sight until they come in.
  var sight = global.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      var c = entry.target.$volleyChart;
      if (!c) return;
      c.$volleyInSight = entry.isIntersecting;
      if (entry.isIntersecting && c.$volleyStale) { c.$volleyStale = false; c.update('none'); }
    });
  }) : null;
  function watchSight(c) {
    if (!sight) return;
    c.$volleyBox.$volleyChart = c;
    sight.observe(c.$volleyBox);
  }

  // Legend entries name variants, not their helper datasets (whiskers, band edges); a click shows or
  // hides every dataset of that variant.
  function variantLegend() {
    return {
      position: 'bottom',
      labels: { filter: function (item, data) { return !data.datasets[item.datasetIndex].helper; } },
      onClick: function (e, item, legend) {
        var ch = legend.chart, group = ch.data.datasets[item.datasetIndex].group;
        var show = !ch.isDatasetVisible(item.datasetIndex);
        ch.data.datasets.forEach(function (d, i) { if (d.group === group) ch.setDatasetVisibility(i, show); });
        ch.update();
      }
    };
  }
  function intervalTooltip(digits, asPercent) {
    var f = asPercent ? percent : function (x) { return fixed(x, digits); };
    return {
      filter: function (item) { return !item.dataset.helper; },
      callbacks: {
        label: function (ctx) {
          var d = ctx.dataset, i = ctx.dataIndex;
          var v = d.estimates ? d.estimates[i] : ctx.parsed.y;
          if (v === null || v === undefined) return '';
          var text = d.label + ': ' + f(v);
          if (d.lows && d.highs && d.lows[i] !== null && d.lows[i] !== undefined) text += ' [' + f(d.lows[i]) + ', ' + f(d.highs[i]) + ']';
          return text;
        }
      }
    };
  }

  // Bars with whiskers: for each series an estimate bar and a thin floating bar [low, high] in the
  // same stack slot (x stacked, y not: the two overlap instead of adding up).
  function barWhiskerConfig(labels, series, yTitle, xTitle, asPercent, yMax) {
    var datasets = [];
    series.forEach(function (s, i) {
      datasets.push({ type: 'bar', label: s.label, group: i, stack: 's' + i, data: s.estimates, estimates: s.estimates, lows: s.lows, highs: s.highs,
                      backgroundColor: colour(s.colour === undefined ? i : s.colour, 0.65), borderWidth: 0, barPercentage: 0.9, categoryPercentage: 0.85 });
      datasets.push({ type: 'bar', label: s.label + ' interval', helper: true, group: i, stack: 's' + i,
                      data: s.lows.map(function (lo, k) { return lo === null ? null : [lo, s.highs[k]]; }),
                      backgroundColor: '#222', barPercentage: 0.12, categoryPercentage: 0.85, maxBarThickness: 3 });
    });
    return {
      type: 'bar', data: { labels: labels, datasets: datasets },
      options: {
        plugins: { legend: variantLegend(), tooltip: intervalTooltip(3, asPercent) },
        scales: {
          x: { stacked: true, title: { display: !!xTitle, text: xTitle } },
          y: { stacked: false, beginAtZero: true, max: yMax, title: { display: true, text: yTitle },
               ticks: asPercent ? { callback: percentTick } : {} }
        }
      }
    };
  }

  // Lines with bands: per series its lower edge, its upper edge filled down to the lower, and the
  // estimate; x numeric (linear) or categories.
  function bandConfig(series, xTitle, yTitle, opts) {
    opts = opts || {};
    var datasets = [];
    series.forEach(function (s, i) {
      var c = s.colour === undefined ? i : s.colour;
      var paint = function (alpha) { return s.side === undefined ? colour(c, alpha) : sideColour(s.side, alpha); };
      var pts = function (ys) { return s.xs.map(function (x, k) { return { x: x, y: ys[k] }; }); };
      datasets.push({ type: 'line', label: s.label + ' low', helper: true, group: i, data: pts(s.lows), borderWidth: 0, pointRadius: 0, fill: false,
                      stepped: s.stepped || false });
      datasets.push({ type: 'line', label: s.label + ' high', helper: true, group: i, data: pts(s.highs), borderWidth: 0, pointRadius: 0, fill: '-1',
                      backgroundColor: paint(0.2), stepped: s.stepped || false });
      datasets.push({ type: 'line', label: s.label, group: i, data: pts(s.estimates), estimates: s.estimates, lows: s.lows, highs: s.highs,
                      borderColor: paint(), backgroundColor: paint(), pointRadius: 3, borderWidth: 2, fill: false, stepped: s.stepped || false,
                      borderDash: s.dash || [] });
    });
    (opts.extra || []).forEach(function (d) { datasets.push(d); });
    return {
      type: 'line', data: { datasets: datasets },
      options: {
        parsing: true,
        plugins: { legend: variantLegend(), tooltip: intervalTooltip(3, opts.percent) },
        scales: {
          x: { type: 'linear', title: { display: true, text: xTitle }, ticks: opts.integerX ? { stepSize: 1, precision: 0 } : {} },
          y: { beginAtZero: opts.beginAtZero !== false, max: opts.yMax, title: { display: true, text: yTitle },
               ticks: opts.percent ? { callback: percentTick } : {} }
        }
      }
    };
  }

  // ---- Shared parts ----------------------------------------------------------------------------
  function header(root, title, suffix, lines, result) {
    root.appendChild(el('h1', null, el('bdi', { text: title }), suffix));
    lines.forEach(function (l) { root.appendChild(el('p', { cls: 'setting' }, l)); });
    if (result.partial) root.appendChild(el('p', { cls: 'warning', text: 'PARTIAL: the run was interrupted; these figures rest on the completed trials only.' }));
  }
  function answer(root, parts, more) {
    var p = el('p', { cls: 'answer', id: 'answer' });
    parts.forEach(function (x) { p.appendChild(typeof x === 'string' ? document.createTextNode(x) : x); });
    root.appendChild(p);
    (more || []).forEach(function (m) { root.appendChild(el('p', { cls: 'more' }, m)); });
  }
  // A cell's text; "estimate [low, high]" may break before its interval and nowhere inside it, so
  // that a wide table wraps to its section's width (the text read back is the same).
  function fillCell(td, text) {
    var m = /^(.*\S) (\[[^\]]*\])$/.exec(String(text));
    if (!m) { td.textContent = visible(text); return; }
    td.classList.add('interval');
    td.appendChild(el('span', { cls: 'interval-part', text: m[1] }));
    td.appendChild(document.createTextNode(' '));
    td.appendChild(el('span', { cls: 'interval-part', text: m[2] }));
  }
  function table(parent, heads, rows, caption) {
    var t = el('table');
    if (caption) t.appendChild(el('caption', { text: caption }));
    var tr = el('tr');
    heads.forEach(function (h, i) { tr.appendChild(el('th', { cls: i === 0 ? 'name' : h === 'what it counts' || h === 'what it measures' ? 'description' : '', text: h })); });
    t.appendChild(el('thead', null, tr));
    var body = el('tbody');
    rows.forEach(function (r) {
      var row = el('tr');
      r.forEach(function (c, i) {
        var td = el('td', { cls: i === 0 ? 'name' : '' });
        if (c && typeof c === 'object' && c.nodeType) td.appendChild(c);
        else if (c && typeof c === 'object') { fillCell(td, c.text); if (c.cls) td.classList.add(c.cls); if (c.style) td.setAttribute('style', c.style); }
        else fillCell(td, c === undefined ? '' : c);
        row.appendChild(td);
      });
      body.appendChild(row);
    });
    t.appendChild(body);
    parent.appendChild(t);
    return t;
  }
  function mapSection(root, result) {
    if (!result.map_svg) return;
    var s = section(root, 'The table');
    var box = el('div', { cls: 'map', id: 'map' });
    box.innerHTML = result.map_svg;  // volley's own SVG, every text in it XML-escaped (sim/output/map_svg.hpp)
    s.appendChild(box);
  }
  function quantileText(q) { return q === undefined ? '' : String(q.estimate) + ' [' + q.low + ', ' + q.high + ']'; }
  // Decimals enough, from `least` up to 4, that an interval's width shows in at least three units of
  // its last digit (0.047 [0.044, 0.050], not 0.05 [0.04, 0.05]; 0.012 [0.010, 0.014], not 0.01 [0.01, 0.01]).
  function intervalDigits(e, least) {
    var dg = least;
    while (dg < 4 && e.high > e.low && (e.high - e.low) * Math.pow(10, dg) < 3) ++dg;
    return dg;
  }
  function intervalText(e, digits, asPercent) {
    var f = asPercent ? percent : function (x) { return fixed(x, digits); };
    return f(e.estimate) + ' [' + f(e.low) + ', ' + f(e.high) + ']';
  }

  // ---- run and compare ---------------------------------------------------------------------------
  function variantLabels(result) { return result.variants && result.variants.length ? result.variants : ['run']; }
  function prefixOf(result, v) { return result.command === 'compare' ? 'v' + v + '/' : ''; }

  // The one sentence of a run: the headline estimate with its interval.
  function runAnswer(root, result) {
    var level = levelText(result.level), trials = grouped(result.tally.trials);
    var name = result.headline, e = name && estimateOf(result, name);
    if (!e) { answer(root, [trials + ' trials.']); return; }
    var info = metricInfo(result, name), parts;
    if (info.kind === 'probability') {
      var side = /\.win$/.test(name) ? name.slice(0, -4) : null;
      parts = side ? [code(side), ' wins ', figure(percent(e.estimate), e.estimate), ' of games (' + level + ' interval ', figure(percent(e.low), e.low),
                      ' to ', figure(percent(e.high), e.high), '), over ', figure(trials, result.tally.trials), ' trials.']
                   : [code(name), ' (' + (info.description || name) + '): ', figure(percent(e.estimate), e.estimate), ' (' + level + ' interval ',
                      figure(percent(e.low), e.low), ' to ', figure(percent(e.high), e.high), '), over ', figure(trials, result.tally.trials), ' trials.'];
    } else {
      var dg = intervalDigits(e, 2);
      var mean = [figure(fixed(e.estimate, dg), e.estimate), ' ' + (info.description || name) + ' (', code(name), ', ' + level + ' interval ',
                  figure(fixed(e.low, dg), e.low), ' to ', figure(fixed(e.high, dg), e.high), ')'];
      // A barrage's count of dispersed units is mostly 0 or 1: its chance of dispersing any comes first,
      // as a percentage, then the mean.
      var any = /^(.+)\.dispersed$/.exec(name), p = any && estimateOf(result, any[1] + '.any_dispersed');
      parts = p ? ['The barrage dispersed at least one unit of ', code(any[1]), ' in ', figure(percent(p.estimate), p.estimate), ' of games (' + level + ' interval ',
                   figure(percent(p.low), p.low), ' to ', figure(percent(p.high), p.high), '); on average '].concat(mean, [', over ', figure(trials, result.tally.trials), ' trials.'])
                : ['On average '].concat(mean, [', over ', figure(trials, result.tally.trials), ' trials.']);
    }
    var others = sidesFirst(result, (result.estimates || []).filter(function (x) {
      var m = metricInfo(result, x.name); return m.headline && m.kind === 'probability' && x.name !== name && !(any && x.name === any[1] + '.any_dispersed');
    }), function (x) { return x.name; }).map(function (x) { return x.name + ' ' + intervalText(x, 3, true); });
    answer(root, parts, others.length ? ['The other outcomes: ' + others.join('; ') + '.'] : []);
  }

  // A barrage's first screen says why it achieved what it did: each side's fire missions, started,
  // delayed, cancelled, ended by supply or at the table's edge, its Command Failures and Staff Orders,
  // and the hits on its own units (means per trial with their intervals, one column per variant).
  var MISSION_PARTS = [['missions_started', 'missions started or called'], ['missions_delayed', 'turns a mission was delayed'],
                       ['missions_cancelled', 'missions cancelled (Command Failure)'], ['missions_ended_supply', 'missions ended by a failed supply check'],
                       ['missions_ended_edge', 'rolling barrages ended at the table edge'], ['command_failures', 'turns with a Command Failure'],
                       ['staff_orders_spent', 'Staff Orders spent'], ['friendly_hit', 'own units hit by its own fire']];
  // The sides of a barrage whose fire missions started in some variant: the attackers.
  function firingSides(result) {
    if ((result.scenario || {}).kind !== 'barrage') return [];
    var sides = [], labels = variantLabels(result);
    (result.metrics || []).forEach(function (m) {
      var own = /^([^./]+)\.missions_started$/.exec(ownName(m.name));
      if (own && sides.indexOf(own[1]) < 0) sides.push(own[1]);
    });
    return sides.filter(function (side) {
      return labels.some(function (l, v) { var e = estimateOf(result, prefixOf(result, v) + side + '.missions_started'); return e && e.estimate > 0; });
    });
  }
  // `items` with what a barrage did to the side under fire before the firing side's own losses
  // (friendly fire), each group in its given order; `nameOf` gives an item's metric name.
  function sidesFirst(result, items, nameOf) {
    var firing = firingSides(result);
    var fired = function (item) { var side = ownName(nameOf(item)).split('.')[0]; return firing.indexOf(side) >= 0 ? 1 : 0; };
    if (!firing.length) return items;
    return items.filter(function (x) { return !fired(x); }).concat(items.filter(fired));
  }
  function missionsPanel(root, result, labels) {
    var active = firingSides(result);
    if (!active.length) return;
    var s = section(root, 'Fire missions');
    active.forEach(function (side) {
      table(s, [side + ' (mean per trial, ' + levelText(result.level) + ')'].concat(labels.length > 1 ? labels : ['run']),
            MISSION_PARTS.map(function (part) {
              return [part[1]].concat(labels.map(function (l, v) { var e = estimateOf(result, prefixOf(result, v) + side + '.' + part[0]); return e ? intervalText(e, intervalDigits(e, 2)) : ''; }));
            }).filter(function (row) { return row.slice(1).some(function (c) { return c !== ''; }); }));
    });
  }

  // The sentence of a compare: for each variant against the base, which gives more of the headline,
  // by how much, with the paired interval.
  // The balance measures (docs/methods.md, "Balance measures"): each with its interval, as the run
  // printed them; a probability in percent, a mean or a spread in its own units.
  function balancePanel(root, result) {
    var measures = result.balance_measures || [];
    if (!measures.length) return;
    table(section(root, 'Balance measures'), ['measure', 'estimate (' + levelText(result.level) + ' interval)', 'what it measures'],
          measures.map(function (m) {
            // A ratio with no game in its denominator has the whole [0, 1] as its interval: say why.
            var undefinedRatio = m.kind === 'probability' && m.low === 0 && m.high === 1;
            var text = !undefinedRatio ? intervalText(m, 3, m.kind === 'probability')
                     : m.name === 'comeback_chance' ? 'no game had a side behind after turn 1' : 'no game to estimate it from';
            return [code(m.name), { text: text, cls: 'interval' }, { text: m.description, cls: 'description' }];
          }));
  }

  function compareAnswer(root, result) {
    var level = levelText(result.level), trials = grouped(result.tally.trials), labels = variantLabels(result);
    (result.comparison || []).forEach(function (c, idx) {
      var m = c.metrics.find(function (x) { return x.name === result.headline; }) || c.metrics[0];
      if (!m) return;
      var prob = m.kind === 'probability', d = m.difference;
      var fmt = prob ? function (x) { return fixed(100 * x, 1); } : function (x) { return fixed(x, 3); };
      var show = prob ? percent : function (x) { return fixed(x, 3); };
      var unit = prob ? ' points' : '';
      var variantAhead = d.estimate >= 0;
      var winner = variantAhead ? c.label : labels[0], loser = variantAhead ? labels[0] : c.label;
      var w = variantAhead ? m.variant : m.base, l = variantAhead ? m.base : m.variant;
      var lo = variantAhead ? d.low : -d.high, hi = variantAhead ? d.high : -d.low, diff = Math.abs(d.estimate);
      var verb = /\.win$/.test(m.name) ? code(m.name.slice(0, -4)) : null;
      // Variants that play different tactics are named by them, in the designer's words: "herero wins
      // 5.0 points more often with normal fire (never, charging when in reach) than with schnellfeuer (always, ...)".
      var tactics = result.variant_tactics || [], mine = tactics[c.variant], theirs = tactics[0];
      if (verb && mine && theirs && mine !== theirs) {
        var wt = variantAhead ? mine : theirs, lt = variantAhead ? theirs : mine;
        var said = [verb, ' wins ', figure(fmt(diff), diff), unit + ' more often with ' + wt + ' than with ' + lt + ': ',
                    figure(show(w.estimate), w.estimate), ' against ', figure(show(l.estimate), l.estimate), ' (paired ' + level + ' interval ',
                    figure(fmt(lo), lo), ' to ', figure(fmt(hi), hi), unit + '), over ', figure(trials, result.tally.trials),
                    ' trials on common random numbers.'];
        if (d.low <= 0 && d.high >= 0) said.push(' The interval contains 0: no difference is shown at the ' + level + ' level.');
        if (idx === 0) answer(root, said); else root.appendChild(el('p', { cls: 'answer' }, ...said));
        return;
      }
      var parts = [code(winner), verb ? [' gives ', verb, ' more wins'] : ' gives the higher ' + m.name, ': ', figure(show(w.estimate), w.estimate),
                   ' against ', figure(show(l.estimate), l.estimate), ' with ', code(loser), ', ', figure(fmt(diff), diff), unit + ' more (paired ' + level +
                   ' interval ', figure(fmt(lo), lo), ' to ', figure(fmt(hi), hi), unit + '), over ', figure(trials, result.tally.trials),
                   ' trials on common random numbers.'];
      var flat = [];
      parts.forEach(function (p) { if (Array.isArray(p)) flat.push.apply(flat, p); else flat.push(p); });
      if (d.low <= 0 && d.high >= 0) flat.push(' The interval contains 0: no difference is shown at the ' + level + ' level.');
      if (idx === 0) answer(root, flat); else root.appendChild(el('p', { cls: 'answer' }, ...flat));
    });
    if (!(result.comparison || []).length) answer(root, [trials + ' trials.']);
  }

  // What the answer cost and what a precision of +-E would: the trials it needs and MCNP's figure of
  // merit 1/(R\u00b2T), which a cheaper trial or a smaller variance raises (docs/methods.md, "Time to
  // answer"); E is --precision's, else 0.01.
  function timeToAnswer(root, result, compare) {
    var t = result.time_to_answer;
    if (!t) return;
    var more = t.trials_needed - t.trials, each = compare ? ' paired' : '';
    var text = '\u00b1' + t.half_width + ' on ' + t.metric + ' needs about ' + grouped(t.trials_needed) + each + ' trials' +
               (more > 0 ? ', ' + grouped(more) + ' more than these ' + grouped(t.trials) + '.' : '; these ' + grouped(t.trials) + ' are enough.');
    if (t.figure_of_merit !== null)
      text += ' Figure of merit 1/(R\u00b2T): ' + grouped(t.figure_of_merit) + ' per second (R ' + t.relative_error.toPrecision(2) + ', T ' + fixed(t.seconds, 2) + ' s).';
    if (t.luck_adjusted) text += ' Luck-adjusted: the controls made the variance ' + fixed(t.control_reduction, 2) + '\u00d7 smaller.';
    root.appendChild(el('p', { cls: 'more', id: 'time-to-answer', text: text }));
  }

  // Three or more variants ranked by the headline's paired difference to the base, highest first,
  // with which are not distinguishable from the top (simultaneous intervals, docs/methods.md).
  function rankingTable(root, result, labels) {
    var ranking = result.ranking || [];
    if (!ranking.length) return;
    var info = metricInfo(result, 'v0/' + result.headline), prob = info.kind === 'probability', dg = prob ? 4 : 3;
    var iv = function (e) { return signed(e.estimate, dg) + ' [' + signed(e.low, dg) + ', ' + signed(e.high, dg) + ']'; };
    var box = el('div', { cls: 'ranking' });
    root.appendChild(box);
    table(box, ['rank', 'variant', 'difference to the base (paired, ' + levelText(result.level) + ')', 'difference to the top (simultaneous)', 'verdict'],
          ranking.map(function (r, i) {
            return [String(i + 1), (r.variant === 0 ? 'base: ' : 'variant ' + r.variant + ': ') + labels[r.variant],
                    r.variant === 0 ? '0 (the base)' : iv(r.against_base), i === 0 ? 'the top' : iv(r.against_top),
                    i === 0 ? 'highest' : r.distinguishable ? 'below the top' : 'not distinguishable from the top'];
          }),
          'Variants ranked by ' + result.headline + ', highest first. Each interval to the top is at ' + levelText(result.ranking_pair_level) +
          ' so that every pair holds together at ' + levelText(result.level) + ' (Bonferroni), with the covariance bounded (conservative).');
  }

  function outcomeChart(parent, result, labels) {
    var names = [];
    (result.metrics || []).forEach(function (m) {
      if (m.kind === 'probability' && m.headline && (result.command !== 'compare' || /^v0\//.test(m.name))) names.push(ownName(m.name));
    });
    names = sidesFirst(result, names, function (n) { return n; });
    if (!names.length) return;
    var series = labels.map(function (label, v) {
      var es = names.map(function (n) { return estimateOf(result, prefixOf(result, v) + n); });
      return { label: label, estimates: es.map(function (e) { return e ? e.estimate : null; }), lows: es.map(function (e) { return e ? e.low : null; }),
               highs: es.map(function (e) { return e ? e.high : null; }) };
    });
    // A firefight's outcomes are win, draw and loss; a barrage's are what it did (any unit dispersed).
    var winDrawLoss = names.some(function (n) { return /\.win$/.test(n) || n === 'draw'; });
    chart(parent, winDrawLoss ? 'Win, draw and loss' : 'Outcomes', 'Each outcome\u2019s probability with its ' + levelText(result.level) + ' Wilson interval (whisker).',
          barWhiskerConfig(names, series, 'probability', 'outcome', true, winDrawLoss ? 1 : undefined));
  }

  // The distributions of the metrics `which` accepts, in the result's order: P(= k) with whiskers and,
  // unless `equalOnly`, P(>= k) with bands.
  function distributionCharts(parent, result, labels, which, equalOnly) {
    var byMetric = {};
    (result.distributions || []).forEach(function (d) { if (which(d.metric)) (byMetric[d.metric] = byMetric[d.metric] || []).push(d); });
    sidesFirst(result, Object.keys(byMetric), function (m) { return m; }).forEach(function (metric) {
      var list = byMetric[metric];
      var ks = [];
      list.forEach(function (d) { d.k.forEach(function (k) { if (ks.indexOf(k) < 0) ks.push(k); }); });
      ks.sort(function (a, b) { return a - b; });
      var pick = function (d, field) { return ks.map(function (k) { var i = d.k.indexOf(k); return i < 0 ? (field === 'p' ? 0 : null) : d[field][i]; }); };
      var unit = /^([^.]+)\.units\.(.+)\.figures_left$/.exec(metric);
      var title = metric === 'turn_decided' ? 'How long games last' : unit ? unit[2] + ' (' + unit[1] + '): figures left' : metric;
      var axis = list[0].description || metric;
      var series = list.map(function (d) { return { label: labels[d.variant] || 'run', colour: d.variant, estimates: pick(d, 'p'), lows: pick(d, 'p_low'), highs: pick(d, 'p_high') }; });
      chart(parent, title + ': P(= k)', axis + '. Bars: the probability of each value; whiskers: its ' + levelText(result.level) + ' interval.',
            barWhiskerConfig(ks.map(String), series, 'probability', metric === 'turn_decided' ? 'turn the game was decided' : axis, true));
      if (metric === 'turn_decided' || equalOnly) return;
      var bands = list.map(function (d) {
        // A count's P(X >= x) is a step function: over (k - 1, k] it is P(X >= k), so the line steps
        // up to each point's value at the start of its segment.
        return { label: labels[d.variant] || 'run', colour: d.variant, xs: d.k, estimates: d.at_least, lows: d.at_least_low, highs: d.at_least_high,
                 stepped: 'before' };
      });
      chart(parent, metric + ': P(' + GE + ' k), at least k', 'The chance of at least k (a step at each whole k), with its ' + levelText(result.level) + ' band.',
            bandConfig(bands, axis, 'probability', { percent: true, integerX: true, yMax: 1 }));
    });
  }

  // Per-turn means (hits per turn): one line with its band per side and variant.
  function perTurn(result, labels) {
    var groups = {};
    (result.estimates || []).forEach(function (e) {
      var m = /^(?:(v\d+)\/)?(.+)\.turn(\d+)$/.exec(e.name);
      if (!m || (result.command === 'compare' && !m[1])) return;
      var v = m[1] ? Number(m[1].slice(1)) : 0;
      var key = m[2] + '|' + v;
      (groups[key] = groups[key] || { name: m[2], variant: v, rows: [] }).rows.push({ turn: Number(m[3]), e: e });
    });
    return Object.keys(groups).map(function (k) {
      var g = groups[k];
      g.rows.sort(function (a, b) { return a.turn - b.turn; });
      g.label = g.name + (labels.length > 1 ? ' (' + labels[g.variant] + ')' : '');
      g.description = (metricInfo(result, prefixOf(result, g.variant) + g.name + '.turn1').description || '').replace(/ in turn 1$/, '');
      return g;
    });
  }
  function perTurnChart(parent, result, labels) {
    var groups = perTurn(result, labels);
    if (!groups.length) return;
    // A compare's variant keeps its colour of every other chart and the sides are told apart by the
    // line (solid, dashed); a run's sides take the sides' colours.
    var names = [];
    groups.forEach(function (g) { if (names.indexOf(g.name) < 0) names.push(g.name); });
    var sides = [];
    names.forEach(function (n) { if (sides.indexOf(n.split('.')[0]) < 0) sides.push(n.split('.')[0]); });
    // A side's second metric (a barrage's units hit and suppressed) dashed in the side's colour.
    var ownIndex = function (n) { return names.filter(function (m) { return m.split('.')[0] === n.split('.')[0]; }).indexOf(n); };
    var series = groups.map(function (g) {
      var side = sides.indexOf(g.name.split('.')[0]);
      return { label: g.label, colour: g.variant, side: labels.length > 1 ? undefined : side, dash: (labels.length > 1 ? names.indexOf(g.name) : ownIndex(g.name)) % 2 ? [7, 4] : null, xs: g.rows.map(function (r) { return r.turn; }), estimates: g.rows.map(function (r) { return r.e.estimate; }),
               lows: g.rows.map(function (r) { return r.e.low; }), highs: g.rows.map(function (r) { return r.e.high; }) };
    });
    var who = groups.filter(function (g) { return g.variant === 0; }).map(function (g) { return g.name + ': ' + g.description; }).join('; ');
    chart(parent, 'Hits per turn', 'Mean per trial with its ' + levelText(result.level) + ' band. ' + who + '.',
          bandConfig(series, 'turn', 'mean per trial', { integerX: true }));
  }

  // Survivors per unit: each unit's figures still in action at the end (`<side>.units.<name>.figures_left`),
  // a bar with its interval per unit, one per variant in a compare; units grouped by side.
  function survivorsChart(parent, result, labels) {
    var names = [];
    (result.metrics || []).forEach(function (m) {
      var own = ownName(m.name);
      if (/^[^.]+\.units\..+\.figures_left$/.test(own) && (result.command !== 'compare' || /^v0\//.test(m.name)) && names.indexOf(own) < 0) names.push(own);
    });
    if (!names.length) return;
    // "german.units.Z1.figures_left" -> "Z1 (german)"
    var unitLabels = names.map(function (n) { var side = n.slice(0, n.indexOf('.units.')); return n.slice(side.length + 7, -'.figures_left'.length) + ' (' + side + ')'; });
    var series = labels.map(function (label, v) {
      var es = names.map(function (n) { return estimateOf(result, prefixOf(result, v) + n); });
      return { label: label, estimates: es.map(function (e) { return e ? e.estimate : null; }), lows: es.map(function (e) { return e ? e.low : null; }),
               highs: es.map(function (e) { return e ? e.high : null; }) };
    });
    var cfg = barWhiskerConfig(unitLabels, series, 'figures left (mean per trial)', 'unit (side)', false);
    cfg.options.scales.y.grace = '5%';  // a unit that always keeps every figure still shows its whisker
    return chart(parent, 'Survivors per unit', 'Figures of each unit still in action at the end, mean per trial with its ' + levelText(result.level) +
                  ' interval (whisker)' + (labels.length > 1 ? ', one bar per variant' : '') + '.',
                  cfg, names.length > 12);
  }

  // An estimate's interval in a table; a value never observed says so, with the most it can still be:
  // a probability's exact one-sided bound at the level, 1 - (1 - level)^(1/n) (the rule of three
  // generalised, analysis/never_observed.hpp), a count's the top of its interval.
  function intervalCell(e, digits, trials, level, probability) {
    if (e.estimate !== 0 || (!probability && e.low !== 0)) return '[' + fixed(e.low, digits) + ', ' + fixed(e.high, digits) + ']';
    if (probability && trials > 0) return 'never observed (at most ' + fixed(-Math.expm1(Math.log1p(-level) / trials), digits) + ')';
    return e.high > 0 ? 'never observed (at most ' + fixed(e.high, digits) + ')' : 'never observed in ' + grouped(trials) + ' trials';
  }
  function estimateTables(parent, result, labels) {
    labels.forEach(function (label, v) {
      var prefix = prefixOf(result, v);
      var own = (result.metrics || []).filter(function (m) { return m.name.indexOf(prefix) === 0 && (prefix || m.name.indexOf('/') < 0); });
      var probs = [], counts = [];
      own.forEach(function (m) {
        var e = estimateOf(result, m.name);
        if (!e || /\.turn\d+$/.test(m.name)) return;
        var name = ownName(m.name);
        if (m.kind === 'probability') probs.push([name, fixed(e.estimate, 4), intervalCell(e, 4, result.tally.trials, result.level, true), { text: m.description, cls: 'description' }]);
        else {
          var q = e.quantiles || [];
          counts.push([name, fixed(e.estimate, 3), intervalCell(e, 3, result.tally.trials, result.level, false), quantileText(q[0]), quantileText(q[1]), quantileText(q[2]),
                       { text: m.description, cls: 'description' }]);
        }
      });
      var box = el('details', v === 0 ? { open: '' } : null, el('summary', { text: (labels.length > 1 ? label + ': ' : '') + 'every estimate' }));
      parent.appendChild(box);
      var level = levelText(result.level);
      if (probs.length) table(box, ['probability', 'estimate', level + ' Wilson interval', 'what it counts'], probs);
      if (counts.length) table(box, ['count', 'mean', level + ' interval', '5% [interval]', 'median [interval]', '95% [interval]', 'what it counts'], counts);
    });
    var groups = perTurn(result, labels);
    if (groups.length) {
      var turns = groups[0].rows.map(function (r) { return r.turn; });
      table(parent, ['turn'].concat(groups.map(function (g) { return g.label + ' (mean, ' + levelText(result.level) + ')'; })),
            turns.map(function (t, i) { return [String(t)].concat(groups.map(function (g) { return g.rows[i] ? intervalText(g.rows[i].e, 3) : ''; })); }),
            groups.filter(function (g) { return g.variant === 0; }).map(function (g) { return g.name + ': ' + g.description; }).join('; '));
    }
    var byMetric = {};
    (result.distributions || []).forEach(function (d) { (byMetric[d.metric] = byMetric[d.metric] || []).push(d); });
    Object.keys(byMetric).forEach(function (metric) {
      byMetric[metric].forEach(function (d) {
        var box = el('details', null, el('summary', { text: metric + (labels.length > 1 ? ' (' + labels[d.variant] + ')' : '') + ': distribution table' }));
        parent.appendChild(box);
        table(box, ['k', 'P(= k)', 'interval', 'P(' + GE + ' k)', 'interval'], d.k.map(function (k, i) {
          return [String(k), fixed(d.p[i], 4), '[' + fixed(d.p_low[i], 4) + ', ' + fixed(d.p_high[i], 4) + ']', fixed(d.at_least[i], 4),
                  '[' + fixed(d.at_least_low[i], 4) + ', ' + fixed(d.at_least_high[i], 4) + ']'];
        }), d.description);
      });
    });
  }

  function compareTables(parent, result, labels) {
    (result.comparison || []).forEach(function (c) {
      var level = levelText(result.level);
      table(parent, ['metric', labels[0], c.label, 'difference (paired, ' + level + ')', 'two independent runs: \u00b1', 'variance reduction'],
            c.metrics.map(function (m) {
              var prob = m.kind === 'probability', dg = prob ? 4 : 3;
              return [m.name, intervalText(m.base, dg), intervalText(m.variant, dg),
                      signed(m.difference.estimate, dg) + ' [' + signed(m.difference.low, dg) + ', ' + signed(m.difference.high, dg) + ']',
                      m.unpaired_half_width === null ? '' : fixed(m.unpaired_half_width, 4),
                      m.variance_reduction === null ? '\u2013' : fixed(m.variance_reduction, 2) + '\u00d7'];
            }), c.label + ' against ' + labels[0] + ' (difference = variant ' + MINUS + ' base)');
    });
  }

  function renderRun(root, result) {
    var labels = variantLabels(result), compare = result.command === 'compare';
    var sc = result.scenario || {};
    var lines = [['scenario ', code(sc.name || ''), ' (' + (sc.kind || '') + ')']];
    if (compare) labels.forEach(function (l, v) { lines.push([v === 0 ? 'base: ' : 'variant ' + v + ': ', code(l)]); });
    // What --set changed, with the file's value, apart from what it set to the value the file has.
    var changed = result.settings_changed || (result.settings_as_in_file ? [] : sc.sets || []);
    var listed = function (heading, list) {
      if (list.length) lines.push([heading].concat(list.map(function (s, i) { return i ? [', ', code(s)] : [code(s)]; }).reduce(function (a, b) { return a.concat(b); }, [])));
    };
    listed('settings changed from the scenario file: ', changed);
    listed('set as the scenario file already has them: ', result.settings_as_in_file || []);
    (result.decisions || []).forEach(function (d) { lines.push(['plays ', code(d)]); });
    var rate = result.seconds > 0 ? grouped(result.tally.trials / result.seconds) + ' trials/s' : '';
    lines.push([grouped(result.tally.trials) + ' trials' + (compare ? ' each' : '') + ', seed ' + result.seed + ', ' + fixed(result.seconds, 2) + ' s' +
                (rate ? ' (' + rate + ')' : '') + ', intervals at ' + levelText(result.level) + (result.precision ? ', --precision ' + result.precision : '')]);
    header(root, sc.title || 'volley', compare ? ': comparison' : '', lines.map(function (parts) { return el('span', null, ...parts); }), result);
    if (compare) compareAnswer(root, result); else runAnswer(root, result);
    timeToAnswer(root, result, compare);
    if (compare) rankingTable(root, result, labels);
    missionsPanel(root, result, labels);
    if (!compare) balancePanel(root, result);
    var pictures = section(root, 'Pictures');
    var grid = el('div', { cls: 'grid' });
    pictures.appendChild(grid);
    // First what a game comes to (outcomes, its length, hits per turn, survivors), then the sides'
    // distributions, then each unit's survivors in small charts: the page reads from the answer down.
    var perUnit = function (metric) { return /\.units\./.test(metric); };
    outcomeChart(grid, result, labels);
    distributionCharts(grid, result, labels, function (m) { return m === 'turn_decided'; });
    perTurnChart(grid, result, labels);
    survivorsChart(grid, result, labels);
    distributionCharts(grid, result, labels, function (m) { return m !== 'turn_decided' && !perUnit(m); });
    if ((result.distributions || []).some(function (d) { return perUnit(d.metric); })) {
      var units = el('div', { cls: 'grid small' });
      section(root, 'Each unit\u2019s survivors').appendChild(units);
      distributionCharts(units, result, labels, perUnit, true);
    }
    mapSection(root, result);
    var tables = section(root, 'Tables');
    if (compare) compareTables(tables, result, labels);
    estimateTables(tables, result, labels);
  }

  // ---- sweep -------------------------------------------------------------------------------------
  // Where the grid of cell values crosses `level`: marching squares over the cell centres (cell i, j
  // at x = i, y = j + 0.5), each crossing placed by linear interpolation along the square's edge.
  // Returns line points, segments separated by a gap ({y: null}). Geometry of numbers the result
  // holds, not a statistic. A saddle (all four edges crossed) is split by the square's mean.
  function contourSegments(grid, level) {
    var out = [], nx = grid.length, ny = nx ? grid[0].length : 0;
    var cross = function (x0, y0, v0, x1, y1, v1) { var t = (level - v0) / (v1 - v0); return { x: x0 + t * (x1 - x0), y: y0 + t * (y1 - y0) }; };
    for (var i = 0; i + 1 < nx; ++i) {
      for (var j = 0; j + 1 < ny; ++j) {
        var c = [[i, j, grid[i][j]], [i + 1, j, grid[i + 1][j]], [i + 1, j + 1, grid[i + 1][j + 1]], [i, j + 1, grid[i][j + 1]]];
        if (c.some(function (k) { return k[2] === null || k[2] === undefined; })) continue;
        var points = [];
        for (var e = 0; e < 4; ++e) {
          var a = c[e], b = c[(e + 1) % 4];
          if ((a[2] >= level) !== (b[2] >= level)) points.push(cross(a[0], a[1] + 0.5, a[2], b[0], b[1] + 0.5, b[2]));
        }
        if (points.length === 4) {
          // Corners 0 and 2 agree; the centre decides whether they connect across the square.
          var centre = (c[0][2] + c[1][2] + c[2][2] + c[3][2]) / 4;
          var pairs = (centre >= level) === (c[0][2] >= level) ? [[0, 1], [2, 3]] : [[0, 3], [1, 2]];
          pairs.forEach(function (pr) { out.push(points[pr[0]], points[pr[1]], { x: points[pr[1]].x, y: null }); });
        } else if (points.length === 2) {
          out.push(points[0], points[1], { x: points[1].x, y: null });
        }
      }
    }
    return out;
  }

  // A two-key sweep as a heat map: a cell per grid point coloured by the target, both parameters'
  // values named on the axes as categories (in the order given, named values included), every
  // cell's tooltip its estimate and interval; for a probability the 50% contour, where it is crossed.
  // Cells are floating bars [j, j + 1] of Chart.js; the contour a line on a hidden linear axis that
  // spans the category axis exactly (-0.5 to n - 0.5).
  // The colour scale of a sweep's target, shared by the heat map, its legend and the grid's table:
  // for a probability brown below 50%, white at 50%, teal above (darker further from even);
  // otherwise white at the smallest value to teal at the largest.
  function heatScale(result, values) {
    var prob = result.target_is_probability;
    var min = Math.min.apply(null, values), max = Math.max.apply(null, values);
    var mix = function (rgb, t) { return 'rgba(' + rgb.join(',') + ',' + (0.06 + 0.84 * t).toFixed(3) + ')'; };
    return {
      prob: prob, min: prob ? 0 : min, max: prob ? 1 : max,
      colourOf: function (v) {
        if (prob) { var t = Math.min(1, Math.abs(v - 0.5) * 2); return mix(v >= 0.5 ? heatAbove : heatBelow, t); }
        return mix(heatAbove, max > min ? (v - min) / (max - min) : 0.5);
      }
    };
  }
  // The scale drawn under the heat map: a bar of the colours with its ends (and 50%) named.
  function heatLegend(scale, fmt) {
    var stops = [];
    for (var k = 0; k <= 10; ++k) { var v = scale.min + (scale.max - scale.min) * k / 10; stops.push(scale.colourOf(v) + ' ' + (10 * k) + '%'); }
    var bar = el('div', { cls: 'heat-bar' });
    bar.style.background = 'linear-gradient(to right, ' + stops.join(', ') + ')';
    var ticks = el('div', { cls: 'heat-ticks' }, el('span', { text: fmt(scale.min) }), scale.prob ? el('span', { text: '50%' }) : null, el('span', { text: fmt(scale.max) }));
    return el('div', { cls: 'heat-legend' }, bar, ticks);
  }
  function numericAxis(axis) { return !!(axis && axis.numbers && axis.numbers.length === axis.values.length); }

  // A two-key sweep as a heat map: a cell per grid point coloured by the target, both parameters'
  // values named on the axes as categories (in the order given, named values included), every
  // cell's tooltip its estimate and interval, the colour scale drawn under it; for a probability
  // over two numeric keys the 50% contour, where it is crossed (between named values, never, always,
  // there is nothing to interpolate: no contour).
  // Cells are floating bars [j, j + 1] of Chart.js; the contour a line on a hidden linear axis that
  // spans the category axis exactly (-0.5 to n - 0.5).
  function heatMapChart(parent, result, xs, ys, pointAt, level) {
    var prob = result.target_is_probability, fmt = prob ? percent : function (x) { return fixed(x, 3); };
    var estimates = [];
    xs.forEach(function (xv, i) { ys.forEach(function (yv, j) { var p = pointAt(i, j); if (p) estimates.push(p.target.estimate); }); });
    var scale = heatScale(result, estimates);
    var datasets = ys.map(function (yv, j) {
      var cells = xs.map(function (xv, i) { return pointAt(i, j); });
      return { type: 'bar', label: result.axes[1].key + ' = ' + yv, heat: true, grouped: false, barPercentage: 1, categoryPercentage: 1,
               data: cells.map(function (p) { return p ? [j, j + 1] : null; }), estimates: cells.map(function (p) { return p ? p.target.estimate : null; }),
               lows: cells.map(function (p) { return p ? p.target.low : null; }), highs: cells.map(function (p) { return p ? p.target.high : null; }),
               backgroundColor: cells.map(function (p) { return p ? scale.colourOf(p.target.estimate) : 'transparent'; }),
               borderColor: '#ffffff', borderWidth: 1, borderSkipped: false };
    });
    var note = 'Each cell: ' + result.target + ' at that point, on the scale below. ';
    var numeric = numericAxis(result.axes[0]) && numericAxis(result.axes[1]);
    if (prob && numeric) {
      var grid = xs.map(function (xv, i) { return ys.map(function (yv, j) { var p = pointAt(i, j); return p ? p.target.estimate : null; }); });
      var contour = contourSegments(grid, 0.5);
      if (contour.length) {
        datasets.push({ type: 'line', label: '50% contour', contour: true, xAxisID: 'xc', data: contour, borderColor: '#000000', borderWidth: 3,
                        pointRadius: 0, spanGaps: false, fill: false });
        note += 'The black line is the 50% contour. ';
      } else {
        note += 'The target does not cross 50% on this grid: no contour. ';
      }
    } else if (prob) {
      note += 'No 50% contour: ' + (numericAxis(result.axes[0]) ? result.axes[1].key : result.axes[0].key) + ' takes named values, with nothing between them. ';
    }
    var cfg = {
      type: 'bar', data: { labels: xs, datasets: datasets },
      options: {
        plugins: {
          legend: { position: 'bottom', labels: { filter: function (item, data) { return !!data.datasets[item.datasetIndex].contour; } } },
          tooltip: {
            filter: function (item) { return !!item.dataset.heat; },
            callbacks: {
              title: function (items) { return items.length ? visible(result.axes[0].key) + ' = ' + xs[items[0].dataIndex] : ''; },
              label: function (ctx) {
                var d = ctx.dataset, i = ctx.dataIndex;
                return d.estimates[i] === null ? '' : d.label + ': ' + fmt(d.estimates[i]) + ' [' + fmt(d.lows[i]) + ', ' + fmt(d.highs[i]) + ']';
              }
            }
          }
        },
        scales: {
          x: { type: 'category', offset: true, grid: { display: false }, title: { display: true, text: result.axes[0].key } },
          xc: { type: 'linear', display: false, min: -0.5, max: xs.length - 0.5 },
          y: { type: 'linear', min: 0, max: ys.length, grid: { display: false }, title: { display: true, text: result.axes[1].key },
               afterBuildTicks: function (axis) { axis.ticks = ys.map(function (yv, j) { return { value: j + 0.5 }; }); },
               ticks: { autoSkip: false, callback: function (v) { var j = Math.round(v - 0.5); return ys[j] === undefined ? '' : ys[j]; } } }
        }
      }
    };
    var c = chart(parent, result.target + ' over ' + result.axes[0].key + ' and ' + result.axes[1].key,
                  note + 'Hover a cell for its ' + level + ' interval.', cfg, true);
    var oldLegend = c.$volleyBox.querySelector('.heat-legend');
    if (oldLegend) oldLegend.remove();
    c.$volleyBox.appendChild(heatLegend(scale, fmt));
    return c;
  }

  function renderSweep(root, result) {
    var axes = result.axes || [], points = result.points || [], level = levelText(result.level);
    var valueOf = function (p, a) { return p.assignments[a].slice(p.assignments[a].indexOf('=') + 1); };
    var trials = points.length ? points[0].result.tally.trials : 0;
    header(root, result.title, ': sweep', [el('span', null, 'target ', code(result.target), ', parameters ', ...axes.map(function (a, i) { return i ? [', ', code(a.key)] : [code(a.key)]; }).reduce(function (x, y) { return x.concat(y); }, [])),
                                             el('span', { text: grouped(trials) + ' trials per point, seed ' + result.seed + ', common random numbers across the grid, intervals at ' + level })], result);
    var fmt = result.target_is_probability ? percent : function (x) { return fixed(x, 3); };
    // A first axis of named values is paired on every line: its differences are the answer.
    var paired = result.paired && result.paired.lines && result.paired.lines.length ? result.paired : null;
    var number = function (d) { return result.target_is_probability ? signed(100 * d, 1) : signed(d, 3); };
    var difference = function (d) { return number(d) + (result.target_is_probability ? ' points' : ''); };
    if (paired) {
      var parts = [];
      paired.lines.forEach(function (line, i) {
        line.differences.forEach(function (d, k) {
          parts.push(parts.length ? '; ' : '', code(d.value), ' against ', code(paired.base), ' gives ', figure(difference(d.estimate), d.estimate),
                     ' [' + number(d.low) + ', ' + number(d.high) + ']');
          if (line.at !== null) parts.push(' at ', code(axes[1].key + '=' + line.at));
        });
      });
      answer(root, [code(paired.target), ', paired on the same trials: '].concat(parts, [' (' + level + ' intervals, ', figure(grouped(trials), trials), ' trials per point).']));
    } else if (points.length) {
      var lo = points[0], hi = points[0];
      points.forEach(function (p) { if (p.target.estimate < lo.target.estimate) lo = p; if (p.target.estimate > hi.target.estimate) hi = p; });
      var where = function (p) { return p.assignments.join(', '); };
      answer(root, [code(result.target), ' ranges from ', figure(fmt(lo.target.estimate), lo.target.estimate), ' [' + fmt(lo.target.low) + ', ' + fmt(lo.target.high) + '] at ',
                    code(where(lo)), ' to ', figure(fmt(hi.target.estimate), hi.target.estimate), ' [' + fmt(hi.target.low) + ', ' +
                    fmt(hi.target.high) + '] at ', code(where(hi)), ' (' + level + ' intervals, ', figure(grouped(trials), trials), ' trials per point).']);
    }
    var grid = el('div', { cls: 'grid' });
    section(root, 'Pictures').appendChild(grid);
    var xs = axes[0] ? axes[0].values : [];
    if (axes.length > 1) {
      heatMapChart(grid, result, xs, axes[1].values, function (i, j) {
        return points.find(function (q) { return valueOf(q, 0) === xs[i] && valueOf(q, 1) === axes[1].values[j]; });
      }, level);
    }
    var numeric = axes[0] && axes[0].numbers && axes[0].numbers.length === xs.length;
    var ys = axes.length > 1 ? axes[1].values : [''];
    var series = ys.map(function (yv, j) {
      var rows = points.filter(function (p) { return axes.length < 2 || valueOf(p, 1) === yv; });
      return { label: axes.length > 1 ? axes[1].key + ' = ' + yv : result.target, colour: j,
               xs: rows.map(function (p) { return numeric ? axes[0].numbers[xs.indexOf(valueOf(p, 0))] : valueOf(p, 0); }),
               estimates: rows.map(function (p) { return p.target.estimate; }), lows: rows.map(function (p) { return p.target.low; }),
               highs: rows.map(function (p) { return p.target.high; }) };
    });
    if (numeric) {
      chart(grid, result.target + ' against ' + axes[0].key, 'Each point with its ' + level + ' band.',
            bandConfig(series, axes[0].key, result.target, { percent: result.target_is_probability, beginAtZero: false }));
    } else {
      // Named values (never, always) are categories: bars with whiskers, never a line between them.
      chart(grid, result.target + ' for each ' + axes[0].key, 'Each value with its ' + level + ' interval.',
            barWhiskerConfig(xs, series.map(function (s) {
              return { label: s.label, colour: s.colour, estimates: xs.map(function (x) { var i = s.xs.indexOf(x); return i < 0 ? null : s.estimates[i]; }),
                       lows: xs.map(function (x) { var i = s.xs.indexOf(x); return i < 0 ? null : s.lows[i]; }),
                       highs: xs.map(function (x) { var i = s.xs.indexOf(x); return i < 0 ? null : s.highs[i]; }) };
            }), result.target, axes[0].key, result.target_is_probability));
    }
    if (paired) {
      // Each line's differences as bars with whiskers around zero: where the sign turns, the answer turns.
      var lines = paired.lines.map(function (line) { return line.at === null ? paired.axis : line.at; });
      var others = paired.lines[0].differences.map(function (d) { return d.value; });
      chart(grid, paired.target + ': each ' + paired.axis + ' against ' + paired.base + ', paired', 'The difference on the same trials with its ' + level + ' interval.',
            barWhiskerConfig(lines, others.map(function (v, k) {
              var of = function (field) { return paired.lines.map(function (line) { return line.differences[k][field]; }); };
              return { label: v + ' ' + MINUS + ' ' + paired.base, colour: k + 1, estimates: of('estimate'), lows: of('low'), highs: of('high') };
            }), 'difference in ' + paired.target, axes.length > 1 ? axes[1].key : '', result.target_is_probability));
    }
    var tables = section(root, 'Tables');
    if (paired) {
      table(tables, [axes.length > 1 ? axes[1].key : paired.axis].concat(paired.lines[0].differences.map(function (d) { return d.value + ' ' + MINUS + ' ' + paired.base; })),
            paired.lines.map(function (line) {
              return [line.at === null ? '' : line.at].concat(line.differences.map(function (d) {
                return signed(d.estimate, 4) + ' [' + signed(d.low, 4) + ', ' + signed(d.high, 4) + ']';
              }));
            }), paired.target + ': paired differences on the same trials (' + level + ' intervals)');
    }
    if (axes.length > 1) {
      // The grid as a heat map: rows the second parameter, columns the first, named by their values.
      var scale = heatScale(result, points.map(function (p) { return p.target.estimate; }));
      table(tables, [axes[1].key + ' \\ ' + axes[0].key].concat(xs), ys.map(function (yv) {
        return [yv].concat(xs.map(function (xv) {
          var p = points.find(function (q) { return valueOf(q, 0) === xv && valueOf(q, 1) === yv; });
          if (!p) return '';
          return { text: fmt(p.target.estimate) + ' [' + fmt(p.target.low) + ', ' + fmt(p.target.high) + ']', cls: 'heat',
                   style: 'background: ' + scale.colourOf(p.target.estimate) };
        }));
      }), result.target + ' over the grid (' + level + ' intervals)');
    }
    table(tables, axes.map(function (a) { return a.key; }).concat([result.target, level + ' interval', 'trials']), points.map(function (p) {
      return p.assignments.map(function (s, a) { return valueOf(p, a); }).concat([fmt(p.target.estimate), '[' + fmt(p.target.low) + ', ' + fmt(p.target.high) + ']',
                                                                                  grouped(p.result.tally.trials)]);
    }));
  }

  // ---- tune --------------------------------------------------------------------------------------
  function renderTune(root, result) {
    var level = levelText(result.level), points = (result.points || []).slice().sort(function (a, b) { return a.x - b.x; });
    var prob = result.fit && result.fit.model === 'logistic';
    var show = function (x) { return result.integer ? String(Math.round(x)) : fixed(x, 3); };
    header(root, result.title, ': tune', [el('span', null, 'parameter ', code(result.parameter), ', target ', code(result.target.split('=')[0]), ', goal ' + result.goal),
                                           el('span', { text: points.length + ' values evaluated, seed ' + result.seed + ', intervals at ' + level })], result);
    var b = result.bracket || [];
    if (result.bracketed === false) {
      // The goal lies outside the range: both ends on one side of it. No root; the ends say which way to widen.
      var ends = points.length ? [points[0], points[points.length - 1]] : [];
      answer(root, ['The goal ' + result.goal + ' is not bracketed: ', code(result.target.split('=')[0])].concat(
        ends.length ? [' is ', figure(fixed(ends[0].estimate, 4), ends[0].estimate), ' at ' + show(ends[0].x) + ' and ',
                       figure(fixed(ends[1].estimate, 4), ends[1].estimate), ' at ' + show(ends[1].x)] : [],
        ['. Widen the range of ', code(result.parameter), '.']));
    } else if (!result.bracket) {
      // A search still going (the live page) or interrupted: only the values evaluated so far.
      answer(root, [figure(String(points.length), points.length), ' values of ', code(result.parameter), ' evaluated so far; no root yet.']);
    } else if (result.integer && result.answer) {
      // Whole numbers answered by whole numbers: those whose interval holds the goal, or the two neighbours around it.
      var gives = function (p) { return [figure(show(p.x), p.x), ' gives ', figure(fixed(p.estimate, 4), p.estimate), ' [' + fixed(p.low, 4) + ', ' + fixed(p.high, 4) + ']']; };
      var ends = points.filter(function (p) { return p.x === b[0] || p.x === b[1]; });
      var parts = [code(result.parameter)].concat(result.answer_holds_goal
        ? [' = ', result.answer.map(function (p) { return show(p.x); }).join(' or '), ': its ' + level + ' interval holds the goal ' + result.goal + '. ']
        : [' between ' + show(b[0]) + ' and ' + show(b[1]) + ': neither ' + level + ' interval holds the goal ' + result.goal + '. ']);
      ends.forEach(function (p, i) { parts = parts.concat(i ? ['; '] : [], gives(p)); });
      answer(root, parts.concat(['.']));
    } else if (result.fit_ok) {
      answer(root, [code(result.parameter), ' = ', figure(fixed(result.root, 2), result.root), ' (' + level + ' interval ', figure(fixed(result.root_low, 2), result.root_low),
                    ' to ', figure(fixed(result.root_high, 2), result.root_high), ') brings ', code(result.target.split('=')[0]), ' to ' + result.goal +
                    '; the evaluated values ' + show(b[0]) + ' and ' + show(b[1]) + ' bracket it.']);
    } else {
      answer(root, [code(result.parameter), ' between ', figure(show(b[0]), b[0]), ' and ', figure(show(b[1]), b[1]), ' brings ', code(result.target), '; the fit found no slope to solve.']);
    }
    var grid = el('div', { cls: 'grid' });
    section(root, 'Pictures').appendChild(grid);
    var extra = [];
    if (result.fit_ok && result.fit && result.root !== undefined) {
      var f = result.fit, curve = [];
      for (var i = 0; i <= 60; ++i) {
        var x = f.from + (f.to - f.from) * i / 60, z = f.intercept + f.slope * x;
        curve.push({ x: x, y: prob ? 1 / (1 + Math.exp(-z)) : z });
      }
      extra.push({ type: 'line', label: 'fitted ' + f.model + ' model', group: 'fit', data: curve, borderColor: '#222', borderWidth: 2, pointRadius: 0, fill: false });
      extra.push({ type: 'line', label: 'root with its ' + level + ' interval', group: 'root', data: [{ x: result.root_low, y: result.goal }, { x: result.root_high, y: result.goal }],
                   borderColor: '#C00000', borderWidth: 5, pointRadius: 4, pointBackgroundColor: '#C00000', fill: false });
    }
    var xs = points.map(function (p) { return p.x; });
    if (xs.length) extra.push({ type: 'line', label: 'goal', group: 'goal', data: [{ x: Math.min.apply(null, xs), y: result.goal }, { x: Math.max.apply(null, xs), y: result.goal }],
                                borderColor: '#777', borderDash: [6, 4], borderWidth: 1, pointRadius: 0, fill: false });
    // The points with whiskers: each a vertical segment [low, high] (a line broken by nulls).
    var whiskers = [];
    points.forEach(function (p) { whiskers.push({ x: p.x, y: p.low }, { x: p.x, y: p.high }, { x: p.x, y: null }); });
    extra.unshift({ type: 'line', label: 'intervals', helper: true, group: 'points', data: whiskers, borderColor: '#0072B2', borderWidth: 2, pointRadius: 0, spanGaps: false, fill: false });
    var cfg = bandConfig([], result.parameter, result.target.split('=')[0], { percent: prob, beginAtZero: false, extra: extra });
    cfg.data.datasets.push({ type: 'line', label: 'evaluated values', group: 'points', data: points.map(function (p) { return { x: p.x, y: p.estimate }; }),
                            estimates: points.map(function (p) { return p.estimate; }), lows: points.map(function (p) { return p.low; }),
                            highs: points.map(function (p) { return p.high; }), showLine: false, pointRadius: 5, backgroundColor: '#0072B2', borderColor: '#0072B2' });
    chart(grid, result.target.split('=')[0] + ' against ' + result.parameter, 'Evaluated values with their ' + level + ' intervals' + (result.fit_ok && result.root !== undefined ? ', the fitted model and the root.' : ' and the goal.'), cfg, true);
    table(section(root, 'Tables'), [result.parameter, 'estimate', level + ' interval', 'trials'], points.map(function (p) {
      return [show(p.x), fixed(p.estimate, 4), '[' + fixed(p.low, 4) + ', ' + fixed(p.high, 4) + ']', grouped(p.trials)];
    }));
  }

  // ---- sensitivity -------------------------------------------------------------------------------
  function renderSensitivity(root, result) {
    var level = levelText(result.level);
    var rows = (result.parameters || []).map(function (p) {
      var m = Math.max(p.down ? Math.abs(p.down.change) : 0, p.up ? Math.abs(p.up.change) : 0);
      return { p: p, magnitude: m };
    }).sort(function (a, b) { return b.magnitude - a.magnitude; });
    header(root, result.title, ': sensitivity', [el('span', null, 'target ', code(result.target)),
                                                  el('span', { text: grouped(result.trials) + ' paired trials per parameter, seed ' + result.seed + ', intervals at ' + level })], result);
    var top = rows.slice(0, 3), parts = ['The levers that move ', code(result.target), ' most: '];
    top.forEach(function (r, i) {
      var p = r.p, biggest = (p.up && (!p.down || Math.abs(p.up.change) >= Math.abs(p.down.change))) ? p.up : p.down;
      parts.push(i ? (i === top.length - 1 ? ' and ' : ', ') : '', code(p.parameter), ' (to ' + biggest.value + ': ', figure(signed(biggest.change, 3), biggest.change),
                 ' [' + signed(biggest.low, 3) + ', ' + signed(biggest.high, 3) + ']' + (p.assumed ? ', an [assumed] rule' : '') + ')');
    });
    parts.push('; each one step from the scenario\u2019s value, ', figure(grouped(result.trials), result.trials), ' paired trials per parameter.');
    answer(root, rows.length ? parts : ['No parameter could be moved.']);
    var grid = el('div', { cls: 'grid' });
    section(root, 'Pictures').appendChild(grid);
    var shown = rows.slice(0, 25);
    // Each bar names its step: +1 can double a value where 10% of a fraction is small.
    var labels = shown.map(function (r) { return r.p.parameter + (r.p.step ? ' (' + r.p.step + ')' : '') + (r.p.assumed ? ' [assumed]' : ''); });
    var series = ['down', 'up'].map(function (dir, i) {
      return { label: 'one step ' + dir, colour: i, estimates: shown.map(function (r) { return r.p[dir] ? r.p[dir].change : null; }),
               lows: shown.map(function (r) { return r.p[dir] ? r.p[dir].low : null; }), highs: shown.map(function (r) { return r.p[dir] ? r.p[dir].high : null; }) };
    });
    var cfg = barWhiskerConfig(labels, series, 'change of ' + result.target, '', false);
    cfg.options.indexAxis = 'y';
    cfg.options.scales = {
      y: { stacked: true, ticks: { autoSkip: false, color: function (ctx) { return shown[ctx.index] && shown[ctx.index].p.assumed ? '#B00000' : '#222'; } } },
      x: { stacked: false, title: { display: true, text: visible('change of ' + result.target) + ' (paired, ' + level + ' whiskers)' } }
    };
    cfg.options.plugins.tooltip = intervalTooltip(4, false);
    cfg.options.plugins.tooltip.callbacks.label = function (ctx) {
      var d = ctx.dataset, i = ctx.dataIndex, v = d.estimates[i];
      return v === null ? '' : d.label + ': ' + signed(v, 4) + ' [' + signed(d.lows[i], 4) + ', ' + signed(d.highs[i], 4) + ']';
    };
    var box = chart(grid, 'What moves ' + result.target, 'One ranking, each bar labelled with its step. Red names are [assumed] rules (docs/rules.md): an answer that rests on them rests on a guess.', cfg, true);
    box.canvas.parentNode.style.height = Math.max(300, 26 * shown.length + 90) + 'px';
    table(section(root, 'Tables'), ['parameter', 'value', '', 'one step down', 'change [' + level + ']', 'one step up', 'change [' + level + ']'], rows.map(function (r) {
      var p = r.p, cell = function (d) { return d ? signed(d.change, 4) + ' [' + signed(d.low, 4) + ', ' + signed(d.high, 4) + ']' : 'refused by the rules'; };
      return [p.parameter, String(p.value), p.assumed ? '[assumed]' : '', p.down ? p.down.value : '', cell(p.down), p.up ? p.up.value : '', cell(p.up)];
    }));
  }

  // ---- best --------------------------------------------------------------------------------------
  // A best-play search (volley best): the answer, then each race drawn as its candidates' intervals,
  // the eliminated greyed and labelled with the round they left, the winner and the survivors in colour.
  // A search still going (the live page of `volley serve`) carries `running`: its race and round.
  var GREY = '#B8B8B8';
  // The keys where `assignments` differ from `from` (both in the space's key order), as KEY=VALUE.
  function changedFrom(assignments, from) {
    return assignments.filter(function (a, i) { return a !== from[i]; });
  }
  function candidateLabel(result, c) {
    return c.label ? c.label : result.search === 'local' ? '(the incumbent)' : '(the file\u2019s policy)';
  }
  function candidateColour(race, c, i, alpha) {
    if (c.eliminated_round > 0) return hexColour(GREY, alpha);
    return i === race.winner ? colour(0, alpha) : colour(2, alpha);
  }
  function outText(race, c, i) {
    if (c.eliminated_round === 0) return i === race.winner ? 'winner' : 'in at the end';
    return 'round ' + c.eliminated_round + (c.in_zone ? ' (within delta)' : '');
  }
  function raceChart(parent, result, race, fmt, prefix) {
    var digits = result.target_is_probability ? 1 : 3;
    // Best first: highest estimate on top (lowest when minimising).
    var order = race.candidates.map(function (c, i) { return i; }).sort(function (a, b) {
      var d = race.candidates[b].target.estimate - race.candidates[a].target.estimate;
      return (result.minimise ? -d : d) || a - b;
    });
    var cs = order.map(function (i) { return race.candidates[i]; });
    // Each tick names the candidate (cut to fit a phone's chart; the tooltip and the table have it whole)
    // and, for one eliminated, the round it left.
    // Every key is the side's own: the tick leaves out "SIDE." and "units.".
    var side = result.side + '.';
    var labels = order.map(function (i, k) {
      return visible(candidateLabel(result, cs[k]).split('; ').map(function (a) {
        a = a.indexOf(side) === 0 ? a.slice(side.length) : a;
        return a.indexOf('units.') === 0 ? a.slice(6) : a;
      }).join('; '));
    });
    var tick = function (k, narrow) {
      var c = cs[k], name = labels[k], room = narrow ? 14 : 48;
      if (name.length > room) name = name.slice(0, room - 1) + '\u2026';
      if (c.eliminated_round > 0) return name + (narrow ? ' (out r' : ' (out in round ') + c.eliminated_round + ')';
      return name + (order[k] === race.winner ? ' \u2605' : '');
    };
    var colours = order.map(function (i, k) { return candidateColour(race, cs[k], i, 0.55); });
    var solid = order.map(function (i, k) { return candidateColour(race, cs[k], i); });
    var common = { candidates: order, estimates: cs.map(function (c) { return c.target.estimate; }), lows: cs.map(function (c) { return c.target.low; }),
                   highs: cs.map(function (c) { return c.target.high; }), eliminated: cs.map(function (c) { return c.eliminated_round; }) };
    var datasets = [
      Object.assign({ type: 'bar', label: 'interval', data: cs.map(function (c) { return [c.target.low, c.target.high]; }), backgroundColor: colours,
                      borderColor: solid, borderWidth: 1, borderSkipped: false, barPercentage: 0.55, categoryPercentage: 1, grouped: false }, common),
      Object.assign({ type: 'line', label: 'estimate', indexAxis: 'y', data: common.estimates, showLine: false, pointRadius: 4, pointStyle: 'rectRot',
                      pointBackgroundColor: solid, pointBorderColor: solid, helper: true }, common)
    ];
    var cfg = {
      type: 'bar', data: { labels: labels, datasets: datasets },
      options: {
        indexAxis: 'y',
        plugins: {
          legend: { display: false },
          tooltip: {
            filter: function (item) { return !item.dataset.helper; },
            callbacks: {
              title: function (items) { return items.length ? visible(candidateLabel(result, cs[items[0].dataIndex])) : ''; },
              label: function (ctx) {
                var k = ctx.dataIndex, c = cs[k];
                var lines = [result.target + ': ' + fmt(c.target.estimate) + ' [' + fmt(c.target.low) + ', ' + fmt(c.target.high) + '], ' + grouped(c.trials) + ' trials'];
                if (order[k] !== race.winner) lines.push('minus the winner: ' + signed(c.versus_best.estimate * (digits === 1 ? 100 : 1), digits) +
                                                        (digits === 1 ? ' points' : ''));
                lines.push('out: ' + outText(race, c, order[k]));
                return lines;
              }
            }
          }
        },
        scales: {
          y: { ticks: { autoSkip: false, font: { size: 11 }, callback: function (v, k) { return tick(k, this.chart.width < 560); }, color: function (ctx) { return cs[ctx.index] && cs[ctx.index].eliminated_round > 0 ? '#999' : '#222'; } } },
          x: { beginAtZero: false, grace: '5%', title: { display: true, text: visible(result.target) + ' (' + levelText(result.level) + ' intervals)' },
               ticks: result.target_is_probability ? { callback: percentTick } : {} }
        }
      }
    };
    var left = race.candidates.filter(function (c) { return c.eliminated_round === 0; }).length;
    var note = race.candidates.length + ' candidates, ' + race.rounds + ' round' + (race.rounds === 1 ? '' : 's') + ', ' + grouped(race.trials) +
               ' trials (equal allocation: ' + grouped(race.equal_allocation) + '); ' + left + ' left at the end' +
               (race.complete ? (race.finished ? '' : ', ended by the budget') : ', PARTIAL: interrupted') +
               '. The winner (\u2605) in blue, the others still in at the end in orange, the eliminated in grey.';
    var c = chart(parent, (prefix ? prefix + ', race ' : 'Race ') + race.race, note, cfg, true);
    c.canvas.parentNode.style.height = Math.max(220, 22 * cs.length + 80) + 'px';
    return c;
  }

  function renderBest(root, result) {
    var level = levelText(result.level), races = result.races || [];
    var prob = result.target_is_probability;
    var fmt = prob ? percent : function (x) { return fixed(x, 4); };
    var trials = 0, equal = 0;
    races.forEach(function (r) { trials += r.trials; equal += r.equal_allocation; });
    var how = result.search === 'local' ? 'local search: one-step deviations from the file\u2019s policy' + (result.starts > 1 ? ' and from ' + (result.starts - 1) + ' drawn from the seed' : '') +
              ' (the space is too large to race whole)' + (result.partial ? '' : ', ended: ' + result.ending) : 'the whole space raced';
    header(root, result.title, ': best play', [
      el('span', null, 'side ', code(result.side), ', ' + (result.minimise ? 'minimising ' : 'maximising '), code(result.target), ', indifference zone ' + result.delta +
         ', a space of ' + grouped((result.space || {}).size || 0) + ' policies'),
      el('span', { text: how }),
      el('span', { text: races.length + ' race' + (races.length === 1 ? '' : 's') + ', ' + grouped(trials) + ' trials (equal allocation ' + grouped(equal) + '), seed ' +
                         result.seed + ', ' + fixed(result.seconds, 1) + ' s, intervals at ' + level })], result);
    if (result.budget_ended) root.appendChild(el('p', { cls: 'warning', text: 'The budget ended a race before the procedure did: the guarantee does not hold.' }));
    var best = result.best || {}, file = result.file || {};
    var sets = function (assignments) { return code((assignments || []).map(function (a) { return '--set ' + a; }).join(' ')); };
    var changed = changedFrom(best.assignments || [], file.assignments || []);
    if (result.running) {
      // A search still going (the live page): where it is, and the leader of the race in play.
      var at = result.running;
      answer(root, ['Searching: race ' + at.race + ', round ' + at.round + ': ', figure(String(at.left), at.left), ' of ' + at.started +
                    ' candidates left, ' + grouped(at.trials) + ' trials each. Leading so far: ', sets(best.assignments), '.']);
    } else if (result.partial || !best.target) {
      answer(root, ['PARTIAL: interrupted; the best of the last complete race so far, without its paired run against the file\u2019s policy: ', sets(best.assignments), '.']);
    } else {
      var d = result.difference, flip = result.minimise ? -1 : 1;
      var lost = flip * d.estimate, lostLow = result.minimise ? -d.high : d.low, lostHigh = result.minimise ? -d.low : d.high;
      var scale = prob ? 100 : 1, digits = prob ? 1 : 4;
      var parts = ['The best policy of ', code(result.side), ' for ', code(result.target), ': ', sets(best.assignments), ' gives ',
                   figure(fmt(best.target.estimate), best.target.estimate), ' [', figure(fmt(best.target.low), best.target.low), ', ',
                   figure(fmt(best.target.high), best.target.high), ']; '];
      if (changed.length) {
        parts.push('the file\u2019s policy gives ', figure(fmt(file.target.estimate), file.target.estimate), ' [', figure(fmt(file.target.low), file.target.low), ', ',
                   figure(fmt(file.target.high), file.target.high), '] and gives up ', figure(fixed(scale * lost, digits), lost), ' [',
                   figure(fixed(scale * lostLow, digits), lostLow), ', ', figure(fixed(scale * lostHigh, digits), lostHigh), ']' + (prob ? ' points' : '') +
                   ' against the best (paired, ' + level + ', ', figure(grouped(result.confirm_trials), result.confirm_trials), ' trials).');
      } else {
        parts.push('the file\u2019s policy is the best found (' + level + ' interval, ', figure(grouped(result.confirm_trials), result.confirm_trials), ' trials).');
      }
      answer(root, parts, changed.length ? [el('span', null, 'Changes from the file: ', code(changed.join(', ')), '.')] : []);
    }
    indistinguishableNote(root, result, 'indistinguishable');
    var pictures = section(root, 'The race' + (races.length === 1 ? '' : 's'));
    raceCharts(pictures, result, fmt);
    var tables = section(root, 'Tables');
    var keys = (result.space || {}).keys || [];
    if (keys.length) {
      table(tables, ['key', 'values searched', 'the file\u2019s', 'the best\u2019s'], keys.map(function (k, i) {
        var b = (best.assignments || [])[i] || '';
        return [k.key, k.values.join(', '), k.file, b.slice(b.indexOf('=') + 1)];
      }), 'The space: ' + grouped(result.space.size) + ' policies');
    }
    raceTables(tables, result, '');
  }

  // The candidates of the last race not told apart from the best, each by what it changes from the
  // best. A local search keeps its incumbent when the race's leader did not beat it significantly:
  // the leader is then listed, and the best itself never.
  function indistinguishableNote(parent, result, id) {
    var prob = result.target_is_probability;
    var played = (result.races || []).filter(function (r) { return r.rounds > 0; });
    var last = played[played.length - 1];
    if (!last) return;
    var best = (result.best || {}).assignments || (last.candidates[last.winner] || {}).assignments || [];
    var close = last.candidates.map(function (c, i) { return { c: c, i: i }; }).filter(function (x) {
      return x.c.indistinguishable && changedFrom(x.c.assignments, best).length;
    });
    var p = el('p', { cls: 'more indistinguishable' }, 'Not distinguishable from the best (last race): ');
    if (id) p.id = id;
    if (!close.length) p.appendChild(document.createTextNode('none.'));
    close.forEach(function (x, k) {
      if (k) p.appendChild(document.createTextNode('; '));
      p.appendChild(code(changedFrom(x.c.assignments, best).join(', ')));
      p.appendChild(document.createTextNode(x.i === last.winner ? ' (the race\u2019s leader)' :
        ' (' + signed(x.c.versus_best.estimate * (prob ? 100 : 1), prob ? 1 : 4) + (prob ? ' points' : '') + ' against the leader)'));
    });
    parent.appendChild(p);
  }
  // Each race drawn (those that played a round); `prefix` names the search on a page of several.
  function raceCharts(parent, result, fmt, prefix) {
    var list = el('div', { cls: 'races' });
    parent.appendChild(list);
    (result.races || []).forEach(function (race) {
      if (race.rounds > 0) raceChart(list, result, race, fmt, prefix);
      else list.appendChild(el('p', { cls: 'warning', text: (prefix ? prefix + ', race ' : 'Race ') + race.race + ' (' + race.candidates.length +
                                                          ' candidates): PARTIAL, interrupted before its first stage ended; nothing to draw.' }));
    });
  }
  // Every candidate of every race that played a round, the eliminated greyed.
  function raceTables(parent, result, prefix) {
    var level = levelText(result.level);
    (result.races || []).filter(function (r) { return r.rounds > 0; }).forEach(function (race) {
      var rows = race.candidates.map(function (c, i) {
        var cls = c.eliminated_round > 0 ? 'out' : i === race.winner ? 'winner' : 'survivor';
        return [candidateLabel(result, c), grouped(c.trials), fixed(c.target.estimate, 4), '[' + fixed(c.target.low, 4) + ', ' + fixed(c.target.high, 4) + ']',
                i === race.winner ? '' : signed(c.versus_best.estimate, 4) + ' [' + signed(c.versus_best.low, 4) + ', ' + signed(c.versus_best.high, 4) + ']',
                outText(race, c, i)].map(function (text, k) {
          // A label of several keys wraps at its spaces rather than push the table past its section.
          return { text: text, cls: cls, style: k === 0 ? 'white-space: normal; min-width: 14em' : undefined };
        });
      });
      table(parent, ['candidate', 'trials', result.target, level + ' interval', 'minus the winner (paired)', 'eliminated'], rows,
            (prefix ? prefix + ', race ' : 'Race ') + race.race + ': every candidate' + (race.complete ? '' : ' (PARTIAL)'));
    });
  }

  // ---- best responses and the value of a rule ----------------------------------------------------
  // A page of several searches (volley best --respond, --value): the answer, then each search in a
  // section of its own with its result in one line, its races drawn and its tables folded.
  function targetFormat(result) { return result.target_is_probability ? percent : function (x) { return fixed(x, 4); }; }
  function intervalFigures(fmt, e) {
    return [figure(fmt(e.estimate), e.estimate), ' [', figure(fmt(e.low), e.low), ', ', figure(fmt(e.high), e.high), ']'];
  }
  // A difference (points for a probability) with its interval, as figures.
  function differenceFigures(prob, d, flip) {
    var scale = prob ? 100 : 1, digits = prob ? 1 : 4, f = flip ? -1 : 1;
    var est = f * d.estimate, lo = flip ? -d.high : d.low, hi = flip ? -d.low : d.high;
    return [figure(signed(scale * est, digits), est), ' [', figure(signed(scale * lo, digits), lo), ', ', figure(signed(scale * hi, digits), hi), ']' + (prob ? ' points' : '')];
  }
  function searchTrials(result) { var n = 0; (result.races || []).forEach(function (r) { n += r.trials; }); return n; }
  // One search of several: its best against the policy it had, its races, its tables.
  function searchSection(root, title, result, prefix) {
    var fmt = targetFormat(result), box = section(root, title);
    box.classList.add('search');
    var best = result.best || {}, had = result.file || {};
    var p = el('p', { cls: 'more search-result' });
    var add = function (parts) { parts.forEach(function (x) { p.appendChild(typeof x === 'string' ? document.createTextNode(x) : x); }); };
    var changed = changedFrom(best.assignments || [], had.assignments || []);
    add([code(result.side), ' ' + (result.minimise ? 'minimising ' : 'maximising '), code(result.target), ' over ' + grouped((result.space || {}).size || 0) + ' policies (' +
         (result.search === 'local' ? 'searched locally' : 'raced whole') + '): ']);
    if (result.partial || !best.target) add(['PARTIAL: interrupted; the best so far changes ', code(changed.join(', ') || 'nothing'), '.']);
    else if (!changed.length) add(['the policy it had is the best found, '].concat(intervalFigures(fmt, best.target), ['.']));
    else add(['the best changes ', code(changed.join(', ')), ': '].concat(intervalFigures(fmt, best.target), [' against '], intervalFigures(fmt, had.target),
              [' for the policy it had, '], differenceFigures(result.target_is_probability, result.difference, result.minimise),
              [' (paired, ' + levelText(result.level) + ', ' + grouped(result.confirm_trials) + ' trials).']));
    box.appendChild(p);
    indistinguishableNote(box, result);
    raceCharts(box, result, fmt, prefix);
    var folded = el('details', null, el('summary', { text: 'Every candidate (tables)' }));
    box.appendChild(folded);
    raceTables(folded, result, prefix);
    return box;
  }
  // The keys where the policies of a list differ (each a list of KEY=VALUE in the same order).
  function differingKeys(policies) {
    return policies.map(function (a) {
      return a.filter(function (x, k) { return policies.some(function (b) { return b[k] !== x; }); });
    });
  }

  function renderBestRespond(root, result) {
    var steps = result.steps || [], first = steps[0] || {}, other = (steps[1] || {}).side || 'the other side';
    var prob = first.target_is_probability, fmt = targetFormat(first);
    var trials = 0;
    steps.forEach(function (st) { trials += searchTrials(st) + (st.confirm_trials || 0); });
    header(root, result.title, ': best responses', [
      el('span', null, 'side ', code(first.side || ''), ' first (', code(first.target || ''), '), then ', code(other), ' (its win) against it, and so on: each step a best-play search of its side against every earlier step\u2019s best'),
      el('span', { text: steps.length + ' step' + (steps.length === 1 ? '' : 's') + ', ' + grouped(trials) + ' trials, seed ' + first.seed + ', indifference zone ' + first.delta +
                         ', each step at ' + levelText(first.level || 0.95) })], result);
    var cycle = result.cycle, eq = result.equilibrium;
    if (result.partial) {
      answer(root, ['PARTIAL: interrupted during step ' + steps.length + '; no answer. The steps so far are below.']);
    } else if (eq) {
      var parts = ['A pure equilibrium within the spaces after ' + steps.length + ' steps: the last step kept its side\u2019s policy, so each side\u2019s policy is a best response to the other\u2019s. In it '];
      eq.values.forEach(function (v, i) {
        if (i) parts.push(' and ');
        parts.push.apply(parts, [code(v.target), ' '].concat(intervalFigures(targetFormat(steps[v.step - 1]), v), [' (step ' + v.step + ')']));
      });
      parts.push('.');
      answer(root, parts, [el('span', null, 'The policies: ', code(eq.assignments.join(' ')), '.')]);
    } else if (cycle) {
      var cells = [];
      cycle.matrix.forEach(function (row) { row.forEach(function (c) { cells.push(c); }); });
      var lo = cells.reduce(function (a, c) { return c.estimate < a.estimate ? c : a; }), hi = cells.reduce(function (a, c) { return c.estimate > a.estimate ? c : a; });
      answer(root, ['No pure equilibrium: the best responses cycle after ' + steps.length + ' steps, through ' + cycle.rows.length + ' policies of ', code(first.side),
                    ' and ' + cycle.columns.length + ' of ', code(other), '. In the cycle\u2019s games ', code(first.target), ' lies between ']
        .concat(intervalFigures(fmt, lo), [' and '], intervalFigures(fmt, hi), [' (every cell on the same ', figure(grouped(cycle.trials), cycle.trials), ' trials; the matrix below).']),
             [el('span', { text: 'Its games are the data of a mixed equilibrium, which volley does not solve.' })]);
    } else {
      answer(root, ['No end after ' + steps.length + ' steps (the step limit): neither an equilibrium nor a cycle.']);
    }
    if (cycle) cycleSection(root, result, first, other, fmt, prob);
    // The sequence: each step's best against the policy its side had.
    var seq = section(root, 'The best responses');
    table(seq, ['step', 'side', 'the best changes', 'target', 'the best', 'the policy it had', 'gain (paired)', 'its policy'], steps.map(function (st, i) {
      var f = targetFormat(st), b = st.best || {}, h = st.file || {}, done = !st.partial && b.target;
      var changed = changedFrom(b.assignments || [], h.assignments || []);
      var d = st.difference, flip = st.minimise ? -1 : 1, scale = st.target_is_probability ? 100 : 1, digits = st.target_is_probability ? 1 : 4;
      return [String(i + 1), st.side, { text: changed.join(', ') || 'nothing', cls: 'description' }, st.target,
              done ? f(b.target.estimate) + ' [' + f(b.target.low) + ', ' + f(b.target.high) + ']' : 'PARTIAL',
              done ? f(h.target.estimate) + ' [' + f(h.target.low) + ', ' + f(h.target.high) + ']' : '',
              done && changed.length ? signed(scale * flip * d.estimate, digits) + ' [' + signed(scale * (st.minimise ? -d.high : d.low), digits) + ', ' +
                                       signed(scale * (st.minimise ? -d.low : d.high), digits) + ']' : '',
              st.changed === undefined ? '' : st.changed ? 'changed' : 'kept'];
    }), 'Each step: its side\u2019s best response to the policies before it');
    steps.forEach(function (st, i) { searchSection(root, 'Step ' + (i + 1) + ': ' + st.side + '\u2019s best response', st, 'Step ' + (i + 1)); });
  }

  // The cycle's matrix: S's target in each game, drawn and tabled, and each two cells of a column or
  // a row paired.
  function cycleSection(root, result, first, other, fmt, prob) {
    var cycle = result.cycle, box = section(root, 'The cycle');
    var rowName = function (i) { return first.side + ' ' + (i + 1); }, columnName = function (j) { return other + ' ' + (j + 1); };
    var rowKeys = differingKeys(cycle.rows), columnKeys = differingKeys(cycle.columns);
    table(box, ['policy', 'its choices where the cycle\u2019s policies differ'],
          cycle.rows.map(function (r, i) { return [rowName(i), { text: rowKeys[i].join(', '), cls: 'description' }]; })
            .concat(cycle.columns.map(function (c, j) { return [columnName(j), { text: columnKeys[j].join(', '), cls: 'description' }]; })), 'The cycle\u2019s policies');
    var grid = el('div', { cls: 'grid' });
    box.appendChild(grid);
    var series = cycle.rows.map(function (r, i) {
      return { label: rowName(i), estimates: cycle.matrix[i].map(function (c) { return c.estimate; }), lows: cycle.matrix[i].map(function (c) { return c.low; }),
               highs: cycle.matrix[i].map(function (c) { return c.high; }) };
    });
    chart(grid, first.target + ' in each game of the cycle', 'Each of ' + first.side + '\u2019s policies (a colour) against each of ' + other +
          '\u2019s, on the same ' + grouped(cycle.trials) + ' trials, with ' + levelText(first.level) + ' intervals.',
          barWhiskerConfig(cycle.columns.map(function (c, j) { return 'against ' + columnName(j); }), series, first.target, '', prob, prob ? 1 : undefined));
    table(box, [first.side + ' \\ ' + other].concat(cycle.columns.map(function (c, j) { return columnName(j); })), cycle.matrix.map(function (row, i) {
      return [rowName(i)].concat(row.map(function (c) { return fmt(c.estimate) + ' [' + fmt(c.low) + ', ' + fmt(c.high) + ']'; }));
    }), 'The matrix: ' + first.target + ' in each game (' + levelText(first.level) + ' intervals)');
    var scale = prob ? 100 : 1, digits = prob ? 1 : 4;
    table(box, ['the two games', 'difference (paired)'], (cycle.differences || []).map(function (d) {
      var what = d.column === d.other_column ? 'against ' + columnName(d.column) + ': ' + rowName(d.row) + ' ' + MINUS + ' ' + rowName(d.other_row)
                                             : rowName(d.row) + ': against ' + columnName(d.column) + ' ' + MINUS + ' against ' + columnName(d.other_column);
      var e = d.difference;
      return [{ text: what, style: 'white-space: normal; min-width: 12em' }, signed(scale * e.estimate, digits) + ' [' + signed(scale * e.low, digits) + ', ' + signed(scale * e.high, digits) + ']' + (prob ? ' points' : '')];
    }), 'Paired differences of ' + first.target + ': what one side\u2019s switch does against the other\u2019s policy (' + levelText(first.level) + ')');
  }

  function renderBestValue(root, result) {
    var searches = [['with', 'with ' + result.key + ' among its choices'], ['without', 'with ' + result.key + '=' + result.off],
                    ['reply_with', 'best response to the first'], ['reply_without', 'best response to the second']];
    var w = result.with || {}, side = w.side, other = (result.reply_with || {}).side || 'the other side';
    var prob = w.target_is_probability, fmt = targetFormat(w);
    var trials = result.trials || 0;
    searches.forEach(function (x) { var st = result[x[0]] || {}; trials += searchTrials(st) + (st.confirm_trials || 0); });
    header(root, result.title, ': the value of a rule under best play', [
      el('span', null, 'the rule ', code(result.key), ' for ', code(side || ''), ', against ', code(result.key + '=' + result.off), ' (', code(w.target || ''), ')'),
      el('span', { text: 'four searches (' + side + '\u2019s best with the rule and without it, ' + other + '\u2019s best response to each), then the two games paired; ' +
                         grouped(trials) + ' trials, seed ' + w.seed + ', intervals at ' + levelText(w.level || 0.95) })], result);
    if (result.partial || !result.difference) {
      answer(root, ['PARTIAL: interrupted; no value is given. The searches that ended are below.']);
    } else {
      answer(root, ['Played well on both sides, ', code(result.key), ' is worth '].concat(differenceFigures(prob, result.difference, w.minimise), [' of ', code(w.target), ' to ', code(side), ': '],
             intervalFigures(fmt, result.value_with), [' with it, '], intervalFigures(fmt, result.value_without), [' with ', code(result.key + '=' + result.off), ', each against ', code(other),
             '\u2019s best response (paired, ' + levelText(w.level) + ', ', figure(grouped(result.trials), result.trials), ' trials).']),
             [el('span', { text: 'One round of best response, not an equilibrium (--respond says whether there is one); the interval covers the two games\u2019 difference, not the error of the four searches, each of which holds its own ' + levelText(w.level) + '.' })]);
      var grid = el('div', { cls: 'grid' });
      section(root, 'The two games').appendChild(grid);
      var games = [result.value_with, result.value_without];
      chart(grid, w.target + ' in the two games', side + '\u2019s best with the rule and without it, each against ' + other + '\u2019s best response to it, on the same ' +
            grouped(result.trials) + ' trials.', barWhiskerConfig(['with ' + result.key, result.key + '=' + result.off],
            [{ label: side, estimates: games.map(function (g) { return g.estimate; }), lows: games.map(function (g) { return g.low; }), highs: games.map(function (g) { return g.high; }) }],
            w.target, '', prob, prob ? 1 : undefined));
    }
    searches.forEach(function (x, i) {
      var st = result[x[0]];
      if (st && st.side) searchSection(root, (i + 1) + '. ' + st.side + '\u2019s ' + (i < 2 ? 'best ' : '') + x[1], st, 'Search ' + (i + 1));
    });
  }

  // ---- balance -----------------------------------------------------------------------------------
  var verdictPaint = { dropped: '#999999', open: '#E69F00', holds: '#0072B2' };
  function goalNote(level) {
    return 'Each setting\u2019s estimate with its ' + level + ' interval at its last look, numbered as in the table of every setting; dashed: the goal, ' +
           'dotted: within its tolerance; the answer ringed.';
  }
  // One goal: each setting (x: its number in grid order) with its interval, coloured by its verdict,
  // against the goal's band and tolerance; redrawn after every look as the intervals narrow.
  function goalChartConfig(goal, g, played, chosen, count) {
    var extra = [], xs = [0.5, count + 0.5];
    // A one-sided goal (>=, <=) has no other end (null in the JSON).
    var finite = function (y) { return typeof y === 'number' && isFinite(y); };
    var level = function (y, label, dash) {
      if (!finite(y)) return;
      // The legend names each kind of line once.
      var named = extra.some(function (d) { return d.label === label; });
      extra.push({ type: 'line', label: label, group: 'goal', helper: named, data: xs.map(function (x) { return { x: x, y: y }; }),
                   borderColor: '#555', borderDash: dash, borderWidth: 1, pointRadius: 0, fill: false });
    };
    level(goal.low, 'goal', [6, 4]);
    if (goal.high !== goal.low) level(goal.high, 'goal', [6, 4]);
    if (finite(goal.low)) level(goal.low - goal.tolerance, 'within tolerance', [2, 3]);
    if (finite(goal.high)) level(goal.high + goal.tolerance, 'within tolerance', [2, 3]);
    var whiskers = [];
    played.forEach(function (c) { whiskers.push({ x: c.index + 1, y: c.goals[g].low }, { x: c.index + 1, y: c.goals[g].high }, { x: c.index + 1, y: null }); });
    extra.push({ type: 'line', label: 'intervals', helper: true, group: 'intervals', data: whiskers, borderColor: '#444', borderWidth: 1.5, pointRadius: 0,
                 spanGaps: false, fill: false });
    ['dropped', 'open', 'holds'].forEach(function (verdict) {
      var list = played.filter(function (c) { return c.verdict === verdict; });
      extra.push({ type: 'line', label: verdict, group: verdict, data: list.map(function (c) { return { x: c.index + 1, y: c.goals[g].estimate }; }),
                   estimates: list.map(function (c) { return c.goals[g].estimate; }), lows: list.map(function (c) { return c.goals[g].low; }),
                   highs: list.map(function (c) { return c.goals[g].high; }), showLine: false, pointRadius: 4,
                   backgroundColor: verdictPaint[verdict], borderColor: verdictPaint[verdict] });
    });
    extra.push({ type: 'line', label: 'the answer', group: 'answer', data: chosen.map(function (c) { return { x: c.index + 1, y: c.goals[g].estimate }; }),
                 showLine: false, pointRadius: 8, backgroundColor: 'rgba(0,0,0,0)', borderColor: '#D55E00', borderWidth: 2 });
    var cfg = bandConfig([], 'setting (grid order)', goal.estimate, { beginAtZero: false, extra: extra, percent: goal.probability });
    // Settings' numbers only (not the half-step margins): each of them while they fit, whole numbers beyond.
    Object.assign(cfg.options.scales.x, { min: 0.5, max: count + 0.5, ticks: { precision: 0 }, afterBuildTicks: function (axis) {
      var ticks = [];
      if (count <= 24) for (var v = 1; v <= count; ++v) ticks.push({ value: v });
      else ticks = axis.ticks.filter(function (t) { return Number.isInteger(t.value) && t.value >= 1 && t.value <= count; });
      axis.ticks = ticks;
    } });
    return cfg;
  }
  function renderBalance(root, result) {
    var goals = result.goals || [], candidates = result.candidates || [], answerList = result.answer || [];
    var level = fixed(100 * result.interval_level, 4) + '%';
    var setting = function (c) { return (c.assignments || []).join(' '); };
    // A setting's values alone, in the order of the keys (the tables name the keys once, in the head).
    var values = function (c) { return (c.assignments || []).map(function (a) { return a.slice(a.indexOf('=') + 1); }).join(' / '); };
    var keyNames = (result.keys || []).map(function (k) { return k.key; }).join(' / ');
    var goalText = function (g) { return g.estimate + ' ' + g.relation; };
    var interval = function (e) { return fixed(e.estimate, 4) + ' [' + fixed(e.low, 4) + ', ' + fixed(e.high, 4) + ']'; };
    header(root, result.title, ': balance', [
      el('span', null, 'free: ', code((result.keys || []).map(function (k) { return k.key + ' (' + k.values.length + ' values, the scenario\u2019s ' + k.file + ')'; }).join(', '))),
      el('span', null, 'goals: ', code(goals.map(goalText).join('; '))),
      el('span', { text: grouped(candidates.length) + ' settings, ' + grouped(result.trials) + ' trials (a full grid at the same precision: ' + grouped(result.grid_trials) +
                         '), seed ' + result.seed + ', ' + fixed(result.seconds, 1) + ' s, each interval at ' + level + ' (' + levelText(result.level) + ' jointly)' })], result);
    if (result.budget_ended) root.appendChild(el('p', { cls: 'warning', text: 'The budget ended the race with settings still open.' }));
    var one = answerList.length === 1;
    var words = { holds: (one ? ' holds' : ' hold') + ' every goal, fewest keys changed first: ',
                  undecided: (one ? ' is' : ' are') + ' still open when the budget ended (none holds every goal yet): ',
                  conflict: goals.length === 1 ? (one ? ' comes' : ' come') + ' nearest to the goal (no setting meets it): '
                                               : (one ? ' is' : ' make') + ' the trade-off (no setting meets every goal: the goals conflict here): ' };
    var first = candidates[answerList[0]];
    if (!result.ending || !first) answer(root, ['No look finished yet: nothing to answer.']);
    else answer(root, [figure(String(answerList.length), answerList.length), ' setting' + (answerList.length === 1 ? '' : 's') + words[result.ending], code(setting(first))].concat(
      goals.map(function (g, i) { return ', ' + g.estimate + ' ' + interval(first.goals[i]); }), answerList.length > 1 ? ['; and ' + (answerList.length - 1) + ' more below.'] : ['.']));
    var played = candidates.filter(function (c) { return c.goals && c.goals.length; });
    if (played.length && goals.length) {
      var grid = el('div', { cls: 'grid' });
      section(root, 'Pictures').appendChild(grid);
      var two = goals.length > 1;
      var point = function (c, i) { return { x: c.goals[0].estimate, y: two ? c.goals[1].estimate : c.index }; };
      var group = function (verdict, label, radius) {
        var list = played.filter(function (c) { return c.verdict === verdict; });
        var paint = verdictPaint[verdict];
        return { type: 'line', label: label, group: verdict, data: list.map(point), showLine: false, pointRadius: radius, backgroundColor: paint, borderColor: paint };
      };
      var chosen = answerList.map(function (i) { return candidates[i]; }).filter(function (c) { return c.goals && c.goals.length; });
      var extra = [group('dropped', 'dropped (misses a goal)', 3), group('open', 'open (undecided)', 4), group('holds', 'holds every goal', 5),
                   { type: 'line', label: result.ending === 'conflict' ? 'the trade-off' : 'the answer', group: 'answer',
                     data: chosen.map(point).sort(function (a, b) { return a.x - b.x; }), showLine: result.ending === 'conflict', pointRadius: 8,
                     pointStyle: 'circle', backgroundColor: 'rgba(0,0,0,0)', borderColor: '#D55E00', borderWidth: 2, fill: false }];
      var cfg = bandConfig([], goals[0].estimate, two ? goals[1].estimate : 'setting (grid order)', { beginAtZero: false, extra: extra });
      chart(grid, two ? goals[1].estimate + ' against ' + goals[0].estimate : goals[0].estimate, 'Every setting at its last look; the answer ringed.', cfg, true);
      goals.forEach(function (g, i) { chart(grid, g.goal, goalNote(level), goalChartConfig(g, i, played, chosen, candidates.length)); });
    }
    var tables = section(root, 'Tables');
    var heads = [keyNames, 'keys changed', 'trials'].concat(goals.map(function (g) { return g.estimate + ' (' + g.relation + ')'; }));
    var row = function (c, cls) {
      return [values(c), String(c.keys_changed) + ' (' + fixed(c.relative_change, 2) + ')', grouped(c.trials)].concat(goals.map(function (g, i) {
        return c.goals && c.goals[i] ? interval(c.goals[i]) : '';
      })).map(function (text) { return { text: text, cls: cls }; });
    };
    table(tables, heads, answerList.map(function (i) { return row(candidates[i], 'winner'); }), 'The answer');
    table(tables, heads.concat(['verdict']), candidates.map(function (c) {
      var cls = c.verdict === 'dropped' ? 'out' : c.verdict === 'holds' ? 'winner' : 'survivor';
      return row(c, cls).concat([{ text: c.verdict + (c.dropped_by ? ' (' + c.dropped_by + ')' : '') + (c.decided_look ? ', look ' + c.decided_look : ''), cls: cls }]);
    }), 'Every setting');
  }

  // ---- dice ------------------------------------------------------------------------------------
  // The exact law of a dice question (volley-dice): opposed pools first say who wins how often; then
  // AnyDice's three views of each law in percent, P(= k) as bars, P(>= k) and P(<= k) as lines.
  function diceRows(law) {
    // The values worth a row: from the first to the last whose P(= k) prints (the tails still count the rest).
    var rows = law.distribution || [], first = 0, last = rows.length - 1;
    while (first < last && rows[first].exact < 5e-7 && !rows[first].simulated) ++first;
    while (last > first && rows[last].exact < 5e-7 && !rows[last].simulated) --last;
    return rows.slice(first, last + 1);
  }
  function dicePercent(p) { return p > 0 && p < 5e-5 ? (100 * p).toPrecision(2) + '%' : fixed(100 * p, 2) + '%'; }
  function renderDice(root, result) {
    var laws = result.laws || [], level = levelText(result.level || 0.95), o = result.opposed;
    header(root, result.dice, ': dice', [el('span', { text: result.question })].concat(result.trials ? [el('span', {
      text: 'simulated: ' + grouped(result.trials) + ' trials, seed ' + result.seed + ', intervals at ' + level + ' (Wilson)' })] : []), result);
    if (o) {
      answer(root, [code(o.a), ' wins ', figure(percent(o.a_wins), o.a_wins), ', tie ', figure(percent(o.tie), o.tie), ', ', code(o.b), ' wins ',
                    figure(percent(o.b_wins), o.b_wins), '.']);
    } else {
      var parts = [];
      laws.forEach(function (law, i) {
        parts = parts.concat(i ? ['; ' + law.name + ': mean '] : [code(result.dice), laws.length > 1 ? ', ' + law.name + ': mean ' : ': mean '],
                             [figure(fixed(law.mean, 4), law.mean), ', standard deviation ', figure(fixed(law.standard_deviation, 4), law.standard_deviation)]);
      });
      answer(root, parts.concat(['.']));
    }
    if (result.explosion_cap !== undefined)
      root.appendChild(el('p', { cls: 'more', text: 'Exploding dice roll again at most ' + result.explosion_cap + ' times each; P(a die would explode beyond that) = ' +
                                 Number(result.beyond_cap).toPrecision(3) + ', which the law gives to the capped totals.' }));
    var grid = el('div', { cls: 'grid' });
    section(root, 'Pictures').appendChild(grid);
    var tick = { callback: percentTick };
    laws.forEach(function (law, i) {
      var rows = diceRows(law), ks = rows.map(function (r) { return r.value; });
      var name = laws.length > 1 ? law.name : result.dice;
      var bars = [{ label: 'exact', data: rows.map(function (r) { return r.exact; }), backgroundColor: colour(i, 0.7), borderWidth: 0 }];
      if (result.trials) bars.push({ label: 'simulated', data: rows.map(function (r) { return r.simulated; }), backgroundColor: colour(i + 1, 0.7), borderWidth: 0 });
      chart(grid, name + ': P(= k)', 'The chance of each value' + (result.trials ? ', exact beside simulated.' : '.'), {
        type: 'bar', data: { labels: ks, datasets: bars },
        options: { plugins: { legend: { display: bars.length > 1 }, tooltip: { callbacks: { label: function (c) { return c.dataset.label + ' P(= ' + c.label + ') = ' + dicePercent(c.raw); } } } },
                   scales: { x: { title: { display: true, text: law.name } }, y: { beginAtZero: true, ticks: tick } } }
      });
      var line = function (label, field, c, dash) {
        return { label: label, data: rows.map(function (r) { return { x: r.value, y: r[field] }; }), borderColor: colour(c), backgroundColor: colour(c),
                 borderDash: dash, pointRadius: 2, borderWidth: 2, stepped: false, fill: false };
      };
      chart(grid, name + ': P(>= k) and P(<= k)', 'The chance of at least k and of at most k.', {
        type: 'line', data: { datasets: [line('P(>= k)', 'at_least', i, []), line('P(<= k)', 'at_most', i + 1, [6, 3])] },
        options: { plugins: { tooltip: { callbacks: { label: function (c) { return c.dataset.label.replace('k', c.parsed.x) + ' = ' + dicePercent(c.parsed.y); } } } },
                   scales: { x: { type: 'linear', title: { display: true, text: law.name }, ticks: { precision: 0 } }, y: { beginAtZero: true, max: 1, ticks: tick } } }
      });
    });
    var tables = section(root, 'Tables');
    laws.forEach(function (law) {
      var heads = [law.name, 'P(= k)', 'P(>= k)', 'P(<= k)'].concat(result.trials ? ['simulated P(= k) [' + level + ']'] : []);
      table(tables, heads, diceRows(law).map(function (r) {
        return [String(r.value), dicePercent(r.exact), dicePercent(r.at_least), dicePercent(r.at_most)].concat(result.trials
          ? [dicePercent(r.simulated) + ' [' + dicePercent(r.low) + ', ' + dicePercent(r.high) + ']'] : []);
      }), laws.length > 1 ? law.name : null);
    });
  }

  // ---- The entry point ---------------------------------------------------------------------------
  var volley = {
    render: function (result, root) {
      root = root || document.getElementById('volley-report');
      var previous = drawn.get(root) || [];
      reusable = new Map();
      previous.forEach(function (c) { reusable.set(c.$volleyKey, c); });
      charts = [];
      while (root.firstChild) root.removeChild(root.firstChild);
      if (global.Chart) Chart.defaults.font.family = '"DejaVu Sans", "Helvetica Neue", Arial, sans-serif';
      try {
        switch (result.format) {
          case 'volley-result': renderRun(root, result); break;
          case 'volley-sweep': renderSweep(root, result); break;
          case 'volley-tune': renderTune(root, result); break;
          case 'volley-sensitivity': renderSensitivity(root, result); break;
          case 'volley-best': renderBest(root, result); break;
          case 'volley-best-respond': renderBestRespond(root, result); break;
          case 'volley-best-value': renderBestValue(root, result); break;
          case 'volley-balance': renderBalance(root, result); break;
          case 'volley-dice': renderDice(root, result); break;
          default: root.appendChild(el('p', { cls: 'warning', text: 'This page does not know results of format ' + result.format + '.' }));
        }
      } finally {
        previous.forEach(function (c) {
          if (charts.indexOf(c) >= 0) return;
          if (sight) sight.unobserve(c.$volleyBox);
          c.$volleyDestroyed = true;
          c.destroy();
        });
        reusable = null;
        drawn.set(root, charts);
      }
      // The command that gives this result again, bit for bit (docs/json-format.md, command_line).
      if (result.command_line) root.appendChild(el('footer', { cls: 'command-line', id: 'command-line' }, 'Made by ', code(result.command_line)));
      root.appendChild(el('footer', { text: 'volley ' + (result.volley_version || '') + (result.volley_build ? ', ' + result.volley_build : '') }));
      root.dataset.charts = String(charts.length);
      root.dataset.rendered = 'true';
      return charts.length;
    },
    // The charts given new data and still to be drawn; each counts its draws in $volleyDraws.
    queued: function () { return drawQueue.slice(); },
    // Every chart drawn, in every root.
    charts: function () { var all = []; drawn.forEach(function (list) { all = all.concat(list); }); return all; }
  };
  global.volley = volley;
})(window);
