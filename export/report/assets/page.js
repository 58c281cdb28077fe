// The shapegen report: builds the page from the JSON blob in #data.
// Cards are built a page at a time (as the reader scrolls) from the
// filtered and sorted index list, so tens of thousands of sprites stay
// quick; sorting, filtering and kind switches work on the data array.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("data").textContent);
  const S = D.sprites;
  const PAGE = 200;
  const QK = ["aabb", "circle", "box", "hull", "polygon", "pieces"];
  const NAMES = { aabb: "aabb", circle: "circle", box: "oriented box", hull: "hull", outline: "outline", pieces: "pieces", polygon: "polygon", pivot: "pivot" };
  const SVGNS = "http://www.w3.org/2000/svg";
  const state = { q: "", sort: "fp:polygon", desc: true, off: new Set(), list: [], shown: 0, open: -1 };

  // Sort keys: [id, label, value(sprite)]; a missing value is undefined
  // and always sorts last.
  const KEYS = [["name", "name", (s) => s.n], ["pixels", "opaque pixels", (s) => s.px]];
  for (const k of QK) KEYS.push(["fp:" + k, k + " pair_fp_rate", (s) => q(s, k, 2)]);
  for (const k of QK) KEYS.push(["ar:" + k, k + " area_ratio", (s) => q(s, k, 1)]);
  KEYS.push(["verts", "polygon vertices", (s) => (s.polygon ? s.polygon.length : undefined)]);
  KEYS.push(["pieces", "pieces", (s) => (s.pieces ? s.pieces.length : undefined)]);
  KEYS.push(["outside", "outside pixels", (s) => outside(s)]);
  KEYS.push(["warnings", "warnings", (s) => (s.w ? s.w.length : 0)]);

  function q(s, k, i) { return s.q && s.q[k] ? s.q[k][i] : undefined; }
  function outside(s) { let n = 0; for (const k in s.q || {}) n += s.q[k][0]; return n; }
  function fmt(v, d) { return v === undefined || v === null ? "–" : Number(v).toFixed(d === undefined ? 3 : d); }
  function int(v) { return Number(v).toLocaleString("en-US"); }

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
  function swatch(k) { return el("span", { class: "sw", style: "background:" + D.colours[k] }); }

  // --- header -----------------------------------------------------------
  function header() {
    const t = D.totals, st = D.settings;
    const meta = [D.generator, "alpha threshold " + st.alpha_threshold, "max vertices " + st.max_vertices, "max pieces " + st.max_pieces];
    if (st.samples) meta.push(st.samples + " samples");
    if (st.seed) meta.push("seed " + st.seed);
    if (D.elapsed) meta.push("built in " + D.elapsed);
    document.getElementById("meta").textContent = meta.filter(Boolean).join(" · ");
    const rows = [["sprites", t.sprites], ["frames", t.frames], ["images", t.images], ["empty", t.empty], ["failures", t.failures], ["opaque pixels", t.pixels], ["outside pixels", t.outside], ["with warnings", t.warnings]];
    const tot = document.getElementById("totals");
    for (let i = 0; i < rows.length; i += 4) {
      const tr = el("tr");
      for (const [label, v] of rows.slice(i, i + 4)) {
        const id = "tot-" + label.replace(/ /g, "-");
        const bad = (label === "failures" || label === "outside pixels") && v > 0;
        tr.append(el("th", { text: label }), el("td", { id: id, class: "n" + (bad ? " bad" : ""), text: int(v) }));
      }
      tot.append(tr);
    }
    const bk = document.getElementById("bykind");
    if (t.kinds && t.kinds.length) {
      bk.append(el("tr", {}, el("th", { text: "kind" }), el("th", { class: "n", text: "sprites" }), el("th", { class: "n", text: "area_ratio median" }), el("th", { class: "n", text: "p90" }), el("th", { class: "n", text: "pair_fp_rate median" }), el("th", { class: "n", text: "p90" })));
      for (const k of t.kinds) {
        bk.append(el("tr", { class: "k-" + k.kind, id: "kind-" + k.kind }, el("td", {}, swatch(k.kind), NAMES[k.kind]), el("td", { class: "n", text: int(k.sprites) }), el("td", { class: "n", text: fmt(k.area_median) }), el("td", { class: "n", text: fmt(k.area_p90) }), el("td", { class: "n", text: fmt(k.fp_median) }), el("td", { class: "n", text: fmt(k.fp_p90) })));
      }
    }
    if (D.failures.length) {
      const f = document.getElementById("failures");
      f.hidden = false;
      f.querySelector("summary").textContent = D.failures.length + " failed " + (D.failures.length === 1 ? "file" : "files");
      for (const line of D.failures) f.querySelector("ul").append(el("li", { text: line }));
    }
  }

  // --- controls ---------------------------------------------------------
  function controls() {
    const sel = document.getElementById("sort");
    for (const [id, label] of KEYS) sel.append(el("option", { value: id, text: label }));
    sel.value = state.sort;
    sel.addEventListener("change", () => { state.sort = sel.value; state.desc = state.sort !== "name"; apply(); });
    const dir = document.getElementById("dir");
    dir.addEventListener("click", () => { state.desc = !state.desc; apply(); });
    const f = document.getElementById("filter");
    f.value = state.q;
    f.addEventListener("input", () => { state.q = f.value; apply(); });
    const ks = document.getElementById("kinds");
    for (const k of D.kinds) {
      const cb = el("input", { type: "checkbox", "data-kind": k });
      cb.checked = !state.off.has(k);
      cb.addEventListener("change", () => { if (cb.checked) state.off.delete(k); else state.off.add(k); kindsChanged(); });
      ks.append(el("label", {}, cb, " ", swatch(k), NAMES[k]));
    }
    kindsChanged();
    document.getElementById("more").querySelector("button").addEventListener("click", more);
    new IntersectionObserver((es) => { if (es.some((e) => e.isIntersecting)) more(); }, { rootMargin: "1000px" }).observe(document.getElementById("more"));
  }

  // Switching a kind only flips a class on <body>: CSS hides its shapes
  // and figures everywhere, with no rebuild.
  function kindsChanged() {
    for (const k of D.kinds) document.body.classList.toggle("hide-" + k, state.off.has(k));
    saveHash();
  }

  // --- list -------------------------------------------------------------
  function apply() {
    const needle = state.q.trim().toLowerCase();
    const key = KEYS.find((k) => k[0] === state.sort) || KEYS[0];
    const val = key[2];
    const list = [];
    for (let i = 0; i < S.length; i++) if (!needle || S[i].n.toLowerCase().includes(needle)) list.push(i);
    const vals = new Map(list.map((i) => [i, val(S[i])]));
    const sign = state.desc ? -1 : 1;
    list.sort((a, b) => {
      const va = vals.get(a), vb = vals.get(b);
      if (va !== vb) {
        if (va === undefined) return 1;
        if (vb === undefined) return -1;
        if (va < vb) return -sign;
        if (va > vb) return sign;
      }
      return S[a].n < S[b].n ? -1 : S[a].n > S[b].n ? 1 : a - b;
    });
    state.list = list;
    state.shown = 0;
    document.getElementById("grid").replaceChildren();
    document.getElementById("dir").textContent = state.desc ? (state.sort === "name" ? "Z→A" : "worst first") : (state.sort === "name" ? "A→Z" : "best first");
    document.getElementById("sort").value = key[0];
    more();
    saveHash();
  }

  function more() {
    const grid = document.getElementById("grid");
    const end = Math.min(state.shown + PAGE, state.list.length);
    const frag = document.createDocumentFragment();
    for (let j = state.shown; j < end; j++) frag.append(card(state.list[j]));
    grid.append(frag);
    state.shown = end;
    const c = document.getElementById("count");
    c.textContent = "showing " + int(state.shown) + " of " + int(state.list.length) + " matching · " + int(S.length) + " sprites";
    c.dataset.matching = state.list.length;
    c.dataset.shown = state.shown;
    const m = document.getElementById("more");
    m.hidden = state.shown >= state.list.length;
    // The observer only fires on changes: keep filling while the end of
    // the grid is still near the viewport.
    if (!m.hidden) requestAnimationFrame(() => { if (!m.hidden && m.getBoundingClientRect().top < innerHeight + 1000) more(); });
  }

  // --- cards ------------------------------------------------------------
  function card(i) {
    const s = S[i];
    const bad = outside(s) > 0;
    const c = el("div", { class: "card" + (bad ? " bad" : ""), "data-i": i, "data-name": s.n, tabindex: 0 },
      pic(s, 174, 170, false),
      el("div", { class: "name", title: s.n, text: s.n }),
      figures(s, false));
    if (s.w && s.w.length) c.append(el("div", { class: "warn", title: s.w.join("\n"), text: "⚠ " + s.w.join("; ") }));
    c.addEventListener("click", () => open(i));
    c.addEventListener("keydown", (e) => { if (e.key === "Enter") open(i); });
    return c;
  }

  function figures(s, full) {
    const t = el("table", { class: "figs" });
    const head = el("tr", {}, el("th", { text: "kind" }));
    if (full) head.append(el("th", { text: "outside" }));
    head.append(el("th", { text: "verts", title: "vertices (pieces: count)" }), el("th", { text: "area", title: "area_ratio: shape area / opaque pixels" }), el("th", { text: "fp", title: "pair_fp_rate: shape overlaps that the pixels reject" }));
    t.append(head);
    let any = false;
    for (const k of QK) {
      const v = s.q && s.q[k];
      if (!v) continue;
      any = true;
      const tr = el("tr", { class: "k-" + k }, el("td", {}, swatch(k), full ? NAMES[k] : k));
      if (full) tr.append(el("td", { class: v[0] > 0 ? "bad" : "", text: int(v[0]) }));
      tr.append(el("td", { text: verts(s, k) }), el("td", { text: fmt(v[1], 2) }), el("td", { class: v[0] > 0 ? "bad" : "", text: fmt(v[2]) }));
      t.append(tr);
    }
    if (!any) return el("div", { class: "none", text: s.px === 0 ? "empty sprite" : "no figures" });
    return t;
  }

  function verts(s, k) {
    if (k === "hull" && s.hull) return s.hull.length;
    if (k === "polygon" && s.polygon) return s.polygon.length;
    if (k === "pieces" && s.pieces) return s.pieces.length + "×";
    return "";
  }

  // --- drawing ----------------------------------------------------------
  // view returns the rectangle [x0, y0, x1, y1] a picture shows: the
  // sprite's space and its shapes.
  function view(s) {
    let x0 = 0, y0 = 0, x1 = s.s[0], y1 = s.s[1];
    const add = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
    if (s.circle) { add(s.circle[0] - s.circle[2], s.circle[1] - s.circle[2]); add(s.circle[0] + s.circle[2], s.circle[1] + s.circle[2]); }
    for (const p of boxCorners(s)) add(p[0], p[1]);
    const lim = Math.max(s.s[0], s.s[1], 1);
    return [Math.max(Math.floor(x0), -lim), Math.max(Math.floor(y0), -lim), Math.min(Math.ceil(x1), s.s[0] + lim), Math.min(Math.ceil(y1), s.s[1] + lim)];
  }

  function boxCorners(s) {
    if (!s.box) return [];
    const [cx, cy, hx, hy, a] = s.box, c = Math.cos(a), sn = Math.sin(a);
    return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([u, v]) => [cx + c * u * hx - sn * v * hy, cy + sn * u * hx + c * v * hy]);
  }

  function ringPath(rings) {
    let d = "";
    for (const r of rings) d += "M" + r.map((p) => p[0] + " " + p[1]).join("L") + "Z";
    return d;
  }

  // shapes returns [kind, svg element] for each shape of s.
  function shapes(s) {
    const out = [];
    if (s.aabb) out.push(["aabb", sv("rect", { x: s.aabb[0], y: s.aabb[1], width: s.aabb[2] - s.aabb[0], height: s.aabb[3] - s.aabb[1] })]);
    if (s.circle) out.push(["circle", sv("circle", { cx: s.circle[0], cy: s.circle[1], r: s.circle[2] })]);
    if (s.box) out.push(["box", sv("path", { d: ringPath([boxCorners(s)]) })]);
    if (s.hull) out.push(["hull", sv("path", { d: ringPath([s.hull]) })]);
    if (s.outline) out.push(["outline", sv("path", { d: ringPath(s.outline), "fill-rule": "evenodd" })]);
    if (s.pieces) out.push(["pieces", sv("path", { d: ringPath(s.pieces) })]);
    if (s.polygon) out.push(["polygon", sv("path", { d: ringPath([s.polygon]) })]);
    return out;
  }

  const DASH = { aabb: "5 3", box: "8 3", outline: "3 2" };
  const WIDTH = { polygon: 2.5, outline: 1 };

  // pic draws s into a w×h box: the tinted shape areas, the sprite at its
  // place (pixels kept crisp), then the shape outlines and the pivot. Each
  // shape carries its kind's class, so switches hide it. Without a sprite
  // image it shows the preview PNG instead.
  function pic(s, w, h, big) {
    const box = el("div", { class: "pic checker" });
    if (!s.sp) {
      if (s.p && s.pr) {
        // The preview PNG's drawing alone (its legend says what the
        // figures beside it say), fitted into the box.
        const [px, py, pw, ph, fw] = s.pr;
        let k = Math.min(w / pw, h / ph);
        if (k >= 1) k = Math.floor(k);
        const stage = el("div", { class: "stage crop", style: "width:" + pw * k + "px;height:" + ph * k + "px" });
        stage.append(el("img", { class: "pv" + (k < 1 ? " smooth" : ""), src: s.p, loading: "lazy", alt: s.n, style: "left:" + -px * k + "px;top:" + -py * k + "px;width:" + fw * k + "px" }));
        box.append(stage);
      } else if (s.p) box.append(el("img", { class: "pv", src: s.p, loading: "lazy", alt: s.n }));
      else box.append(el("span", { class: "none", text: "no image" }));
      return box;
    }
    const [x0, y0, x1, y1] = view(s);
    const vw = x1 - x0, vh = y1 - y0;
    let k = Math.min(w / vw, h / vh);
    if (k >= 1) k = Math.floor(k); // whole factors keep pixels even
    const stage = el("div", { class: "stage", style: "width:" + vw * k + "px;height:" + vh * k + "px" });
    const vb = x0 + " " + y0 + " " + vw + " " + vh;
    const under = sv("svg", { viewBox: vb, class: "under" });
    const over = sv("svg", { viewBox: vb, class: "over" });
    for (const [kind, e] of shapes(s)) {
      if (kind !== "outline") {
        const f = e.cloneNode();
        f.setAttribute("class", "k-" + kind);
        f.setAttribute("fill", D.colours[kind]);
        f.setAttribute("fill-opacity", "0.12");
        under.append(f);
      }
      e.setAttribute("class", "k-" + kind);
      e.setAttribute("fill", "none");
      e.setAttribute("stroke", D.colours[kind]);
      e.setAttribute("stroke-width", (WIDTH[kind] || 1.5) * (big ? 1.3 : 1));
      e.setAttribute("vector-effect", "non-scaling-stroke");
      e.setAttribute("stroke-linejoin", "round");
      if (DASH[kind]) e.setAttribute("stroke-dasharray", DASH[kind]);
      over.append(e);
    }
    if (s.px > 0) {
      const r = Math.max(vw, vh) * (big ? 0.025 : 0.04), [px, py] = s.pv;
      const d = "M" + (px - r) + " " + py + "H" + (px + r) + "M" + px + " " + (py - r) + "V" + (py + r);
      over.append(sv("path", { d: d, class: "k-pivot", stroke: "#fff", "stroke-width": 4, "stroke-opacity": 0.85, "vector-effect": "non-scaling-stroke" }));
      over.append(sv("path", { d: d, class: "k-pivot", stroke: D.colours.pivot, "stroke-width": 1.5, "vector-effect": "non-scaling-stroke" }));
    }
    const img = el("img", { src: s.sp, loading: "lazy", alt: s.n, style: "left:" + -x0 * k + "px;top:" + -y0 * k + "px;width:" + s.s[0] * k + "px;height:" + s.s[1] * k + "px" });
    stage.append(under, img, over);
    box.append(stage);
    return box;
  }

  // --- detail view ------------------------------------------------------
  function open(i) {
    const s = S[i];
    state.open = i;
    const d = document.getElementById("detail");
    const body = d.querySelector(".body");
    const side = Math.max(160, Math.min(520, innerWidth - 520, innerHeight - 220));
    const info = el("table", { class: "info" });
    const off = s.o[0] || s.o[1] ? s.o.join(", ") : "0, 0";
    const rows = [["image", s.i], ["frame", "x " + s.f[0] + ", y " + s.f[1] + ", " + s.f[2] + "×" + s.f[3]], ["offset", off], ["size", s.s[0] + "×" + s.s[1]], ["pivot", s.pv.join(", ")], ["opaque pixels", int(s.px)]];
    for (const [k, v] of rows) info.append(el("tr", {}, el("th", { text: k }), el("td", { text: v })));
    const right = el("div", {}, info, figures(s, true));
    if (s.w && s.w.length) right.append(el("ul", { class: "warn" }, ...s.w.map((w) => el("li", { text: w }))));
    if (s.p) right.append(el("p", {}, el("a", { href: s.p, target: "_blank", rel: "noopener", text: "preview PNG" })));
    right.append(el("p", { class: "hint", text: "Esc closes · ← → step through the list" }));
    // With the 1x sprite the page draws the shapes itself and adds the
    // preview PNG; without it the preview PNG is the picture, legend and all.
    const left = s.sp || !s.p ? pic(s, side, side, true) : el("img", { class: "pvbig", src: s.p, alt: "preview of " + s.n });
    const cols = el("div", { class: "cols" }, left, right);
    if (s.p && s.sp) cols.append(el("img", { class: "pvbig", src: s.p, alt: "preview of " + s.n }));
    body.replaceChildren(el("h2", { id: "detail-name", text: s.n }), cols);
    d.hidden = false;
    d.querySelector(".close").focus();
    saveHash();
  }

  function close() {
    const d = document.getElementById("detail");
    if (d.hidden) return;
    d.hidden = true;
    const i = state.open;
    state.open = -1;
    saveHash();
    const c = document.querySelector('.card[data-i="' + i + '"]');
    if (c) c.focus();
  }

  function step(by) {
    const j = state.list.indexOf(state.open) + by;
    if (j >= 0 && j < state.list.length) open(state.list[j]);
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
  // The view lives in the URL's hash (#q=bat&sort=pixels&dir=asc&off=aabb,circle&open=name),
  // so a link shows the same thing.
  function saveHash() {
    const p = new URLSearchParams();
    if (state.q) p.set("q", state.q);
    if (state.sort !== "fp:polygon") p.set("sort", state.sort);
    if (state.desc !== (state.sort !== "name")) p.set("dir", state.desc ? "desc" : "asc");
    if (state.off.size) p.set("off", [...state.off].join(","));
    if (state.open >= 0) p.set("open", S[state.open].n);
    const h = p.toString();
    history.replaceState(null, "", h ? "#" + h : location.pathname + location.search);
  }

  function loadHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    state.q = p.get("q") || "";
    if (p.get("sort") && KEYS.some((k) => k[0] === p.get("sort"))) state.sort = p.get("sort");
    state.desc = p.has("dir") ? p.get("dir") === "desc" : state.sort !== "name";
    state.off = new Set((p.get("off") || "").split(",").filter((k) => D.kinds.includes(k)));
    return p.get("open");
  }

  const want = loadHash();
  header();
  controls();
  detailEvents();
  apply();
  if (want) {
    const i = S.findIndex((s) => s.n === want);
    if (i >= 0) open(i);
  }
})();
