// The shapegen report. report.html holds the totals, the histogram and
// the first cards of the opening order, so those show at once; the
// figures of every sprite (the index) then load from report/index-*.js to
// sort, filter and bin, and the shapes of other sprites from
// report/cards-*.js when they are shown. Files load through <script>
// elements, since a page opened from file:// may not fetch its siblings.
// The kinds, their colours and strokes come from the data: the page
// knows no kind by name.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("data").textContent);
  const N = D.count, PAGE = D.page, BINS = D.bins, SCREENFUL = 24;
  const KINDS = D.kinds; // drawing order; a card's paths follow it
  const KIND = new Map(KINDS.map((k) => [k.name, k]));
  const FIG = D.figures; // kinds with figures, in report order
  const SVGNS = "http://www.w3.org/2000/svg";
  const state = { q: "", sort: D.sort, desc: true, off: new Set(), bin: null, list: null, shown: 0, open: -1, gen: 0, busy: false, first: false };

  function label(k) { return KIND.has(k) ? KIND.get(k).label : k; }
  function colour(k) { return KIND.has(k) ? KIND.get(k).colour : "#808080"; }
  function fmt(v, d) { return v === undefined || v === null || v < 0 ? "–" : Number(v).toFixed(d === undefined ? 3 : d); }
  // Thousands grouped as en-US does, without Intl (whose first use costs
  // tens of milliseconds).
  function int(v) { return String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function binOf(v) { return Math.min(Math.max(Math.floor(v * BINS), 0), BINS - 1); }
  function binRange(b) { return (b / BINS).toFixed(2) + "–" + ((b + 1) / BINS).toFixed(2); }
  function pathFor(dir, name) { return dir.replace(/\/$/, "") + "/" + name.split("/").map(encodeURIComponent).join("/") + ".png"; }

  // A card leaves out what the page can tell otherwise: its name and
  // figures (in the index, but for the first cards), its image when it
  // is <name>.png, its frame when it is the whole image, a zero offset,
  // and the links that the data's folders give.
  function nameOf(c) { return c.n !== undefined ? c.n : IX.names[c.x]; }
  function previewOf(c) { return c.p || (c.pr && D.previewDir ? pathFor(D.previewDir, nameOf(c)) : ""); }
  function spriteOf(c) { return c.sp || (D.spriteDir ? pathFor(D.spriteDir, nameOf(c)) : ""); }
  function imageOf(c) { return c.im || (D.imageDir ? D.imageDir.replace(/\/$/, "") + "/" + (c.i || nameOf(c) + ".png").split("/").map(encodeURIComponent).join("/") : ""); }
  function figs(c) {
    if (c.q) return c.q;
    const out = [];
    for (const k of FIG) {
      const ar = IX.ar[k][c.x];
      if (ar >= 0) out.push({ k: k, out: IX.o[k][c.x], ar: ar, fp: IX.fp[k][c.x], c: IX.c[k][c.x] });
    }
    return out;
  }
  function countText(f) { return f.c >= 0 ? f.c + ((KIND.get(f.k) || {}).suffix || "") : ""; }

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "class") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    for (const c of kids) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  function sv(tag, attrs) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function swatch(k) { return el("span", { class: "sw", style: "background:" + colour(k) }); }

  // --- the index: every sprite's figures, as columns ---------------------
  // A figure a sprite does not have is -1.
  // The columns are made when the index starts to load, after the first
  // cards are painted.
  const IX = { ready: D.indexFiles.length === 0, loaded: 0, names: [], px: null, out: null, w: null, o: {}, fp: {}, ar: {}, c: {} };
  function makeIndex() {
    IX.names = new Array(N);
    IX.px = new Int32Array(N);
    IX.out = new Int32Array(N);
    IX.w = new Int32Array(N);
    for (const k of FIG) {
      IX.o[k] = new Int32Array(N).fill(-1);
      IX.fp[k] = new Float64Array(N).fill(-1);
      IX.ar[k] = new Float64Array(N).fill(-1);
      IX.c[k] = new Int32Array(N).fill(-1);
    }
  }
  window.shapegenIndex = function (p) {
    const o = p.first;
    for (let j = 0; j < p.n.length; j++) IX.names[o + j] = p.n[j];
    IX.px.set(p.px, o);
    IX.out.set(p.out, o);
    IX.w.set(p.w, o);
    for (const k in p.k) {
      if (!IX.fp[k]) continue;
      IX.o[k].set(p.k[k].out, o);
      IX.fp[k].set(p.k[k].fp, o);
      IX.ar[k].set(p.k[k].ar, o);
      IX.c[k].set(p.k[k].c, o);
    }
    if (++IX.loaded === D.indexFiles.length) {
      IX.ready = true;
      indexReady();
    }
  };
  function loadIndex() {
    makeIndex();
    for (const f of D.indexFiles) {
      const s = el("script", { src: f });
      s.onload = () => s.remove();
      s.onerror = () => { document.getElementById("count").textContent = "could not load " + f; };
      document.head.append(s);
    }
  }

  // --- card data, loaded by file and kept for a while --------------------
  const FIRST = new Map(D.first.map((c) => [c.x, c]));
  const cache = new Map(); // card file -> its cards, least recently used first
  const waiting = new Map(); // card file -> resolvers
  const KEEP = 64;
  window.shapegenCards = function (p, cards) {
    cache.delete(p);
    cache.set(p, cards);
    while (cache.size > KEEP) cache.delete(cache.keys().next().value);
    const w = waiting.get(p);
    waiting.delete(p);
    if (w) for (const f of w) f(cards);
  };
  function loadCards(p) {
    if (cache.has(p)) {
      const cs = cache.get(p);
      cache.delete(p);
      cache.set(p, cs);
      return Promise.resolve(cs);
    }
    return new Promise((resolve) => {
      if (waiting.has(p)) { waiting.get(p).push(resolve); return; }
      waiting.set(p, [resolve]);
      const s = el("script", { src: D.cardFiles[p] });
      s.onload = () => s.remove();
      s.onerror = () => { s.remove(); window.shapegenCards(p, []); };
      document.head.append(s);
    });
  }
  // cardsAt returns the cards of the positions xs, loading what it must.
  async function cardsAt(xs) {
    const pages = new Map();
    for (const x of xs) if (!FIRST.has(x)) pages.set(Math.floor(x / D.cardPage), null);
    await Promise.all([...pages.keys()].map((p) => loadCards(p).then((cs) => pages.set(p, cs))));
    return xs.map((x) => FIRST.get(x) || (pages.get(Math.floor(x / D.cardPage)) || [])[x % D.cardPage]);
  }

  // --- flags ------------------------------------------------------------
  // flag returns why a card is flagged, or "": an opaque pixel outside a
  // shape, or a kind's fp_area above the threshold the page states.
  function flag(c) {
    const fs = figs(c);
    const out = fs.filter((f) => f.out > 0).map((f) => label(f.k));
    if (out.length) return "outside pixels: " + out.join(", ");
    const poor = fs.filter((f) => f.fp > D.threshold).map((f) => label(f.k));
    return poor.length ? "poor fit: " + poor.join(", ") : "";
  }

  // --- header -----------------------------------------------------------
  function header() {
    const t = D.totals, st = D.settings;
    const meta = [D.generator, "alpha threshold " + st.alpha_threshold, "max vertices " + st.max_vertices, "max pieces " + st.max_pieces];
    if (st.pivot) meta.push("pivot " + st.pivot);
    if (D.elapsed) meta.push("built in " + D.elapsed);
    document.getElementById("meta").textContent = meta.filter(Boolean).join(" · ");
    const rows = [["sprites", t.sprites], ["frames", t.frames], ["images", t.images], ["empty", t.empty], ["failures", t.failures], ["opaque pixels", t.pixels], ["outside pixels", t.outside], ["with warnings", t.warnings], ["flagged", t.flagged]];
    const tot = document.getElementById("totals");
    for (let i = 0; i < rows.length; i += 5) {
      const tr = el("tr");
      for (const [lab, v] of rows.slice(i, i + 5)) {
        const bad = (lab === "failures" || lab === "outside pixels" || lab === "flagged") && v > 0;
        tr.append(el("th", { text: lab }), el("td", { id: "tot-" + lab.replace(/ /g, "-"), class: "n" + (bad ? " bad" : ""), text: int(v) }));
      }
      tot.append(tr);
    }
    const bk = document.getElementById("bykind");
    if (t.kinds && t.kinds.length) {
      bk.append(el("tr", {}, el("th", { text: "kind" }), el("th", { class: "n", text: "sprites" }), el("th", { class: "n", text: "area_ratio median" }), el("th", { class: "n", text: "p90" }), el("th", { class: "n", text: "fp_area median" }), el("th", { class: "n", text: "p90" })));
      for (const k of t.kinds) {
        bk.append(el("tr", { class: "k-" + k.kind, id: "kind-" + k.kind }, el("td", {}, swatch(k.kind), label(k.kind)), el("td", { class: "n", text: int(k.sprites) }), el("td", { class: "n", text: fmt(k.area_median) }), el("td", { class: "n", text: fmt(k.area_p90) }), el("td", { class: "n", text: fmt(k.fp_median) }), el("td", { class: "n", text: fmt(k.fp_p90) })));
      }
    }
    document.getElementById("flagnote").append(
      el("b", { class: "flag", text: "flagged" }),
      " (red, with the reason): an opaque pixel outside a shape, or a kind's fp_area above " + D.threshold +
      ". fp_area is how often two copies whose shapes overlap have pixels that do not (0: never). Click a column to show its sprites.");
    if (D.failures.length) {
      const f = document.getElementById("failures");
      f.hidden = false;
      f.querySelector("summary").textContent = D.failures.length + " failed " + (D.failures.length === 1 ? "file" : "files");
      for (const line of D.failures) f.querySelector("ul").append(el("li", { text: line }));
    }
  }

  // histogram draws, per kind, the count of sprites in each fp_area column;
  // a column is a button that filters the grid to its sprites.
  function histogram() {
    const h = document.getElementById("hist");
    for (const { kind, counts } of D.hist) {
      const top = Math.max(1, ...counts);
      const bars = el("div", { class: "bars" });
      counts.forEach((n, b) => {
        const what = label(kind) + " fp_area " + binRange(b) + ": " + int(n) + (n === 1 ? " sprite" : " sprites");
        const bar = el("button", { type: "button", class: "bar" + (b / BINS >= D.threshold ? " over" : ""), "data-kind": kind, "data-bin": b, "data-count": n, title: what, "aria-label": what },
          el("span", { style: "height:" + (n ? 2 + 46 * Math.sqrt(n / top) : 0) + "px" }));
        bar.disabled = n === 0;
        bar.addEventListener("click", () => {
          state.bin = state.bin && state.bin[0] === kind && state.bin[1] === b ? null : [kind, b];
          apply();
        });
        bars.append(bar);
      });
      h.append(el("div", { class: "hk k-" + kind }, el("div", { class: "ht" }, swatch(kind), label(kind) + " fp_area"), bars, el("div", { class: "axis" }, el("span", { text: "0" }), el("span", { text: "1" }))));
    }
  }

  // --- controls ---------------------------------------------------------
  // Sort keys: [id, label, column (null: name order)].
  const KEYS = [["name", "name", null], ["pixels", "opaque pixels", () => IX.px]];
  for (const k of FIG) KEYS.push(["fp:" + k, label(k) + " fp_area", () => IX.fp[k]]);
  for (const k of FIG) KEYS.push(["ar:" + k, label(k) + " area_ratio", () => IX.ar[k]]);
  for (const k of FIG) if (KIND.has(k) && KIND.get(k).count) KEYS.push(["c:" + k, KIND.get(k).count, () => IX.c[k]]);
  KEYS.push(["outside", "outside pixels", () => IX.out]);
  KEYS.push(["warnings", "warnings", () => IX.w]);

  function controls() {
    const sel = document.getElementById("sort");
    for (const [id, lab] of KEYS) sel.append(el("option", { value: id, text: lab }));
    sel.value = state.sort;
    sel.addEventListener("change", () => { state.sort = sel.value; state.desc = state.sort !== "name"; apply(); });
    document.getElementById("dir").addEventListener("click", () => { state.desc = !state.desc; apply(); });
    document.getElementById("binfilter").addEventListener("click", () => { state.bin = null; apply(); });
    const f = document.getElementById("filter");
    f.value = state.q;
    f.addEventListener("input", () => { state.q = f.value; apply(); });
    // Switching a kind flips a class on <body>; these rules hide its
    // shapes and figures everywhere, with no rebuild.
    document.head.append(el("style", { text: KINDS.map((k) => ".hide-" + k.name + " .k-" + k.name).join(",") + "{display:none}" }));
    const ks = document.getElementById("kinds");
    for (const k of KINDS) {
      if (!k.present) continue;
      const cb = el("input", { type: "checkbox", "data-kind": k.name });
      cb.checked = !state.off.has(k.name);
      cb.addEventListener("change", () => { if (cb.checked) state.off.delete(k.name); else state.off.add(k.name); kindsChanged(); });
      ks.append(el("label", {}, cb, " ", swatch(k.name), k.label));
    }
    kindsChanged();
    document.getElementById("more").querySelector("button").addEventListener("click", more);
    new IntersectionObserver((es) => { if (es.some((e) => e.isIntersecting)) more(); }, { rootMargin: "1000px" }).observe(document.getElementById("more"));
  }

  function kindsChanged() {
    for (const k of KINDS) document.body.classList.toggle("hide-" + k.name, state.off.has(k.name));
    saveHash();
  }

  function opening() { return !state.q && !state.bin && state.sort === D.sort && state.desc; }

  // --- list -------------------------------------------------------------
  // order returns the positions of the sprites the view shows, in order.
  function order() {
    const needle = state.q.trim().toLowerCase();
    const key = KEYS.find((k) => k[0] === state.sort) || KEYS[0];
    const keep = [];
    const fb = state.bin && IX.fp[state.bin[0]];
    for (let i = 0; i < N; i++) {
      if (fb && (fb[i] < 0 || binOf(fb[i]) !== state.bin[1])) continue;
      if (needle && !IX.names[i].toLowerCase().includes(needle)) continue;
      keep.push(i);
    }
    const list = Int32Array.from(keep);
    if (!key[2]) {
      if (state.desc) list.reverse();
      return list;
    }
    const col = key[2](), sign = state.desc ? -1 : 1;
    // Missing figures last; ties in name order.
    list.sort((a, b) => {
      const va = col[a], vb = col[b], ma = va < 0, mb = vb < 0;
      if (ma !== mb) return ma ? 1 : -1;
      if (!ma && va !== vb) return va < vb ? -sign : sign;
      return a - b;
    });
    return list;
  }

  function apply() {
    state.gen++;
    state.first = false;
    const key = KEYS.find((k) => k[0] === state.sort) || KEYS[0];
    document.getElementById("sort").value = key[0];
    document.getElementById("dir").textContent = state.desc ? (key[0] === "name" ? "Z→A" : "worst first") : (key[0] === "name" ? "A→Z" : "best first");
    const bf = document.getElementById("binfilter");
    bf.hidden = !state.bin;
    if (state.bin) bf.textContent = label(state.bin[0]) + " fp_area " + binRange(state.bin[1]) + " ×";
    for (const b of document.querySelectorAll("#hist .bar")) b.classList.toggle("sel", !!state.bin && b.dataset.kind === state.bin[0] && +b.dataset.bin === state.bin[1]);
    document.getElementById("grid").replaceChildren();
    state.shown = 0;
    state.list = IX.ready ? order() : null;
    saveHash();
    count();
    more();
  }

  // indexReady takes over from the first cards: the list of the opening
  // view starts with them, so they stay; any other view is built now.
  function indexReady() {
    performance.mark("shapegen:index-ready");
    let kept = false;
    if (state.first && opening()) {
      state.list = order();
      const shown = [...document.querySelectorAll("#grid .card")].map((c) => +c.dataset.x);
      kept = shown.every((x, j) => state.list[j] === x);
    }
    if (kept) {
      count();
      fill();
    } else apply();
    if (want !== null) {
      openName(want);
      want = null;
    }
  }

  // sprites says n sprites, in the singular for one.
  function sprites(n) {
    return int(n) + (n === 1 ? " sprite" : " sprites");
  }

  function count() {
    const c = document.getElementById("count");
    if (state.list === null) {
      c.textContent = (state.shown ? "showing " + int(state.shown) + " of " + sprites(N) + " · " : "") + "loading the index…";
      c.dataset.matching = "";
    } else {
      c.textContent = "showing " + int(state.shown) + " of " + int(state.list.length) + " matching · " + sprites(N);
      c.dataset.matching = state.list.length;
    }
    c.dataset.shown = state.shown;
    document.getElementById("more").hidden = state.list !== null && state.shown >= state.list.length;
  }

  async function more() {
    if (state.list === null || state.busy || state.shown >= state.list.length) return;
    const gen = state.gen, from = state.shown, to = Math.min(from + PAGE, state.list.length);
    state.busy = true;
    const cards = await cardsAt(Array.from(state.list.subarray(from, to)));
    state.busy = false;
    if (gen !== state.gen) { more(); return; } // the view changed meanwhile
    show(cards, state.list.subarray(from, to));
    state.shown = to;
    count();
    fill();
  }

  // fill keeps adding cards while the end of the grid is near the
  // viewport (the observer only fires on changes).
  function fill() {
    const m = document.getElementById("more");
    if (!m.hidden) requestAnimationFrame(() => { if (!m.hidden && m.getBoundingClientRect().top < innerHeight + 1000) more(); });
  }

  function show(cards, xs) {
    const frag = document.createDocumentFragment();
    cards.forEach((c, j) => frag.append(c ? card(c) : el("div", { class: "card loading", "data-x": xs[j], text: "(no data)" })));
    document.getElementById("grid").append(frag);
  }

  // --- cards ------------------------------------------------------------
  function card(c) {
    const why = flag(c), name = nameOf(c);
    const e = el("div", { class: "card" + (why ? " flagged" : ""), "data-x": c.x, "data-name": name, tabindex: 0 },
      pic(c, 174, 170, false),
      el("div", { class: "name", title: name }, el("span", { dir: "ltr", text: name })));
    if (why) e.append(el("div", { class: "flag", text: why }));
    e.append(figures(c, false));
    if (c.w && c.w.length) e.append(el("div", { class: "warn", title: c.w.join("\n"), text: "⚠ " + c.w.join("; ") }));
    e.addEventListener("click", () => open(c.x));
    e.addEventListener("keydown", (ev) => { if (ev.key === "Enter") open(c.x); });
    return e;
  }

  function figures(c, full) {
    const fs = figs(c);
    if (!fs.length) return el("div", { class: "none", text: c.px === 0 ? "empty sprite" : "no figures" });
    const t = el("table", { class: "figs" });
    const head = el("tr", {}, el("th", { text: "kind" }));
    if (full) head.append(el("th", { text: "outside" }));
    head.append(el("th", { text: "verts", title: "vertices (pieces: count)" }), el("th", { text: "area", title: "area_ratio: shape area / opaque pixels" }), el("th", { text: "fp", title: "fp_area: how often two copies whose shapes overlap have pixels that do not" }));
    t.append(head);
    for (const f of fs) {
      const tr = el("tr", { class: "k-" + f.k }, el("td", {}, swatch(f.k), full ? label(f.k) : f.k));
      if (full) tr.append(el("td", { class: f.out > 0 ? "bad" : "", text: int(f.out) }));
      tr.append(el("td", { text: countText(f) }), el("td", { text: fmt(f.ar, 2) }), el("td", { class: f.out > 0 || f.fp > D.threshold ? "bad" : "", text: fmt(f.fp) }));
      t.append(tr);
    }
    return t;
  }

  // --- drawing ----------------------------------------------------------
  // pic draws c into a w×h box: the tinted shape areas, the sprite at its
  // place (pixels kept crisp), then the shape outlines. Each shape carries
  // its kind's class, so switches hide it. Without a sprite image it
  // shows the preview PNG's drawing, or the shapes alone.
  function pic(c, w, h, big) {
    const box = el("div", { class: "pic checker" });
    const sp = spriteOf(c), im = sp ? "" : imageOf(c), pv = previewOf(c);
    if (!sp && !im && pv && c.pr) {
      const [px, py, pw, ph, fw] = c.pr;
      let k = Math.min(w / pw, h / ph);
      if (k >= 1) k = Math.floor(k);
      const stage = el("div", { class: "stage crop", style: "width:" + pw * k + "px;height:" + ph * k + "px" });
      stage.append(el("img", { class: "pv" + (k < 1 ? " smooth" : ""), src: pv, loading: "lazy", alt: nameOf(c), style: "left:" + -px * k + "px;top:" + -py * k + "px;width:" + fw * k + "px" }));
      box.append(stage);
      return box;
    }
    const [x0, y0, x1, y1] = c.v;
    const vw = Math.max(x1 - x0, 1), vh = Math.max(y1 - y0, 1);
    let k = Math.min(w / vw, h / vh);
    if (k >= 1) k = Math.floor(k); // whole factors keep pixels even
    const stage = el("div", { class: "stage", style: "width:" + vw * k + "px;height:" + vh * k + "px" });
    const vb = x0 + " " + y0 + " " + vw + " " + vh;
    const under = sv("svg", { viewBox: vb, class: "under" });
    const over = sv("svg", { viewBox: vb, class: "over" });
    // A shape is an SVG path, or [cx, cy, r] for a circle; a point kind
    // is a cross at the pivot.
    const shape = (d, attrs) => {
      if (Array.isArray(d)) return sv("circle", Object.assign({ cx: d[0], cy: d[1], r: d[2] }, attrs));
      return sv("path", Object.assign({ d: d }, attrs));
    };
    const r = Math.max(vw, vh) * (big ? 0.025 : 0.04), [qx, qy] = c.pv;
    const cross = "M" + (qx - r) + " " + qy + "H" + (qx + r) + "M" + qx + " " + (qy - r) + "V" + (qy + r);
    KINDS.forEach((kd, i) => {
      const d = kd.point ? (c.px > 0 ? cross : "") : c.d[i];
      if (!d) return;
      const cls = "k-" + kd.name, rule = kd.evenodd ? "evenodd" : "nonzero";
      if (kd.tint) under.append(shape(d, { class: cls, fill: kd.colour, "fill-opacity": 0.12, "fill-rule": rule }));
      if (kd.halo) over.append(shape(d, { class: cls, fill: "none", stroke: "#fff", "stroke-width": 4, "stroke-opacity": 0.85, "vector-effect": "non-scaling-stroke" }));
      const line = shape(d, { class: cls, fill: "none", stroke: kd.colour, "stroke-width": kd.width * (big ? 1.3 : 1), "vector-effect": "non-scaling-stroke", "stroke-linejoin": "round" });
      if (kd.dash) line.setAttribute("stroke-dasharray", kd.dash);
      over.append(line);
    });
    stage.append(under);
    if (sp) stage.append(el("img", { src: sp, loading: "lazy", alt: nameOf(c), style: "left:" + -x0 * k + "px;top:" + -y0 * k + "px;width:" + c.s[0] * k + "px;height:" + c.s[1] * k + "px" }));
    else if (im) stage.append(frameOf(c, im, x0, y0, k));
    stage.append(over);
    box.append(stage);
    return box;
  }

  // frameOf shows the sprite's frame out of its source image im: the
  // frame's rectangle (upright) at the sprite's offset, clipped, with the
  // image moved (and turned back a quarter turn when stored rotated: the
  // upright pixel (x, y) is the image's (fx + fw-1-y, fy + x)) so that
  // the frame's pixels fall in it, scaled by k.
  function frameOf(c, im, x0, y0, k) {
    const [fx, fy, fw, fh] = c.f || [0, 0, c.s[0], c.s[1]], [ox, oy] = c.o || [0, 0];
    const [w, h] = c.r ? [fh, fw] : [fw, fh];
    const box = el("div", { class: "frame", style: "left:" + (ox - x0) * k + "px;top:" + (oy - y0) * k + "px;width:" + w * k + "px;height:" + h * k + "px" });
    const t = c.r ? "scale(" + k + ") translate(" + -fy + "px," + (fx + fw) + "px) rotate(-90deg)" : "scale(" + k + ") translate(" + -fx + "px," + -fy + "px)";
    box.append(el("img", { src: im, loading: "lazy", alt: nameOf(c), style: "transform:" + t }));
    return box;
  }

  // --- detail view ------------------------------------------------------
  async function open(x) {
    state.open = x;
    const [c] = await cardsAt([x]);
    if (state.open !== x || !c) return;
    const d = document.getElementById("detail");
    const side = Math.max(160, Math.min(520, innerWidth - 520, innerHeight - 220));
    const info = el("table", { class: "info" });
    const name = nameOf(c), f = c.f || [0, 0, c.s[0], c.s[1]], o = c.o || [0, 0], pv = previewOf(c), sp = spriteOf(c) || imageOf(c);
    const rows = [["image", c.i || name + ".png"], ["frame", "x " + f[0] + ", y " + f[1] + ", " + f[2] + "×" + f[3]], ["offset", o.join(", ")], ["rotated", c.r ? "yes (a quarter turn in its image)" : "no"], ["size", c.s[0] + "×" + c.s[1]], ["pivot", c.pv.join(", ")], ["opaque pixels", int(c.px)]];
    for (const [k, v] of rows) info.append(el("tr", {}, el("th", { text: k }), el("td", { text: v })));
    const right = el("div", {}, info);
    const why = flag(c);
    if (why) right.append(el("p", { class: "flag", text: why }));
    right.append(figures(c, true));
    if (c.w && c.w.length) right.append(el("ul", { class: "warn" }, ...c.w.map((w) => el("li", { text: w }))));
    if (pv) right.append(el("p", {}, el("a", { href: pv, target: "_blank", rel: "noopener", text: "preview PNG" })));
    right.append(el("p", { class: "hint", text: "Esc closes · ← → step through the list" }));
    // With the 1x sprite the page draws the shapes itself and adds the
    // preview PNG; without it the preview PNG is the picture, legend and all.
    const left = sp || !pv ? pic(c, side, side, true) : el("img", { class: "pvbig", src: pv, alt: "preview of " + name });
    const cols = el("div", { class: "cols" }, left, right);
    if (pv && sp) cols.append(el("img", { class: "pvbig", src: pv, alt: "preview of " + name }));
    d.querySelector(".body").replaceChildren(el("h2", { id: "detail-name", text: name }), cols);
    d.hidden = false;
    d.querySelector(".close").focus();
    saveHash();
  }

  function openName(name) {
    const c = D.first.find((c) => c.n === name);
    if (c) return open(c.x);
    if (IX.ready) {
      const x = IX.names.indexOf(name);
      if (x >= 0) open(x);
    }
  }

  function close() {
    const d = document.getElementById("detail");
    if (d.hidden) return;
    d.hidden = true;
    const x = state.open;
    state.open = -1;
    saveHash();
    const c = document.querySelector('.card[data-x="' + x + '"]');
    if (c) c.focus();
  }

  function step(by) {
    const list = state.list || Int32Array.from(D.first.map((c) => c.x));
    const j = list.indexOf(state.open) + by;
    if (j >= 0 && j < list.length) open(list[j]);
  }

  function detailEvents() {
    const d = document.getElementById("detail");
    d.querySelector(".close").addEventListener("click", close);
    d.addEventListener("click", (e) => { if (e.target === d) close(); });
    document.addEventListener("keydown", (e) => {
      if (d.hidden) return;
      if (e.key === "Escape") close();
      else if (e.key === "ArrowRight") step(1);
      else if (e.key === "ArrowLeft") step(-1);
    });
  }

  // --- address ----------------------------------------------------------
  // The view lives in the URL's hash (#q=bat&sort=pixels&dir=asc&off=aabb,circle&bin=hull.3&open=name),
  // so a link shows the same thing.
  function saveHash() {
    const p = new URLSearchParams();
    if (state.q) p.set("q", state.q);
    if (state.sort !== D.sort) p.set("sort", state.sort);
    if (state.desc !== (state.sort !== "name")) p.set("dir", state.desc ? "desc" : "asc");
    if (state.off.size) p.set("off", [...state.off].join(","));
    if (state.bin) p.set("bin", state.bin[0] + "." + state.bin[1]);
    if (state.open >= 0) {
      const c = FIRST.get(state.open);
      const name = c ? c.n : IX.names[state.open];
      if (name !== undefined) p.set("open", name);
    }
    const h = p.toString();
    history.replaceState(null, "", h ? "#" + h : location.pathname + location.search);
  }

  function loadHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    state.q = p.get("q") || "";
    if (p.get("sort") && KEYS.some((k) => k[0] === p.get("sort"))) state.sort = p.get("sort");
    state.desc = p.has("dir") ? p.get("dir") === "desc" : state.sort !== "name";
    state.off = new Set((p.get("off") || "").split(",").filter((k) => KIND.has(k)));
    const bin = /^(.+)\.(\d+)$/.exec(p.get("bin") || "");
    if (bin && FIG.includes(bin[1]) && +bin[2] < BINS) state.bin = [bin[1], +bin[2]];
    return p.get("open");
  }

  let want = loadHash();
  header();
  histogram();
  controls();
  detailEvents();
  let rest = [];
  if (opening() && D.first.length && !IX.ready) {
    // The opening view's first cards are in report.html: show a screenful
    // now and the rest of them once it is painted.
    const now = D.first.slice(0, SCREENFUL);
    rest = D.first.slice(SCREENFUL);
    show(now, now.map((c) => c.x));
    state.shown = D.first.length;
    state.first = true;
    document.getElementById("dir").textContent = "worst first";
    document.getElementById("sort").value = state.sort;
    count();
    performance.mark("shapegen:first-card");
  } else {
    apply();
  }
  if (want !== null && (D.first.some((c) => c.n === want) || IX.ready)) {
    openName(want);
    want = null;
  }
  // Let the first cards paint before the rest and the index load.
  requestAnimationFrame(() => setTimeout(() => {
    if (state.first) performance.mark("shapegen:first-card-painted");
    if (state.first && state.gen === 0) show(rest, rest.map((c) => c.x));
    loadIndex();
  }, 0));
})();
