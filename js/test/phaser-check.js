// Builds every sprite of the library with Phaser's Matter physics and
// this.matter.add.sprite(x, y, key, frame, {shape: shapes[name]}), as a
// game does, applies the origin correction shapegen documents, and checks
// each body against the library: parts and vertices in the frame's pixels,
// an overlapping pair colliding and a separated one not. Posts the findings
// to /result.
"use strict";
(async function () {
  const report = (r) => fetch("/result", { method: "POST", body: JSON.stringify(r) });
  try {
    const lib = await (await fetch("/lib.json")).json();
    const shapes = await (await fetch("/shapes.phaser.json")).json();
    const images = [...new Set(lib.sprites.map((s) => s.image))];
    const result = { sprites: 0, parts: 0, vertices: 0, maxError: 0, autoOriginOff: 0, maxAutoOriginError: 0, overlapHits: 0, separatedHits: 0, pairs: 0, errors: [] };
    const fail = (m) => { if (result.errors.length < 20) result.errors.push(m); };
    const scene = {
      preload() {
        images.forEach((img) => this.load.atlas(img, "/assets/" + img, "/atlas/" + img + ".json"));
      },
      create() {
        const placed = [];
        for (const s of lib.sprites) {
          const shape = shapes[s.name];
          if (!shape) {
            if (s.pixels > 0) fail(s.name + ": no entry in shapes.phaser.json");
            continue;
          }
          const x = 400 + 37.25, y = 300 - 11.5;
          const sp = this.matter.add.sprite(x, y, s.image, s.name, { shape: shape });
          if (sp.width !== s.size[0] || sp.height !== s.size[1]) {
            fail(s.name + ": sprite size " + sp.width + "x" + sp.height + ", library " + s.size);
          }
          // Where Phaser's own origin puts the frame, before the correction.
          const autoX = sp.x - sp.originX * sp.width, autoY = sp.y - sp.originY * sp.height;
          // The correction: the origin at the body's centre of mass.
          sp.setOrigin(sp.body.centerOffset.x / sp.width, sp.body.centerOffset.y / sp.height);
          const left = sp.x - sp.originX * sp.width, top = sp.y - sp.originY * sp.height;
          const autoErr = Math.hypot(autoX - left, autoY - top);
          if (autoErr > 1e-6) result.autoOriginOff++;
          result.maxAutoOriginError = Math.max(result.maxAutoOriginError, autoErr);
          result.sprites++;
          // Parts against the fixtures, vertex sets matched as sets (Matter
          // sorts each set clockwise from its own start).
          const parts = sp.body.parts.length > 1 ? sp.body.parts.slice(1) : [sp.body];
          const want = [];
          shape.fixtures.forEach((f) => (f.vertices || []).forEach((set) => want.push(set)));
          if (parts.length !== want.length) {
            fail(s.name + ": " + parts.length + " parts, want " + want.length);
            continue;
          }
          parts.forEach((p, i) => {
            result.parts++;
            const got = p.vertices.map((v) => ({ x: v.x - left, y: v.y - top }));
            if (got.length !== want[i].length) {
              fail(s.name + " part " + i + ": " + got.length + " vertices, want " + want[i].length);
              return;
            }
            for (const w of want[i]) {
              let best = Infinity;
              for (const g of got) best = Math.min(best, Math.hypot(g.x - w.x, g.y - w.y));
              result.vertices++;
              result.maxError = Math.max(result.maxError, best);
              if (best > 1e-6) fail(s.name + " part " + i + ": vertex " + JSON.stringify(w) + " off by " + best);
            }
          });
          placed.push({ s, sp });
        }
        // Pairs: a sprite and the next one, first with their pivots at the
        // same point (their shapes overlap: each contains its pivot's
        // pixels or lies around them), then far apart.
        for (let i = 0; i + 1 < placed.length; i++) {
          const a = placed[i], b = placed[i + 1];
          const reach = (p) => Math.hypot(Math.max(p.s.size[0], 1), Math.max(p.s.size[1], 1));
          const moveTo = (p, px, py) => {
            // Put p's pivot at (px, py): the sprite's position is its centre
            // of mass, pivot - centerOffset away from the pivot.
            p.sp.setPosition(px + p.sp.body.centerOffset.x - p.s.pivot[0], py + p.sp.body.centerOffset.y - p.s.pivot[1]);
          };
          // Overlap: the middle of b's first vertex set (inside it) on the
          // middle of a's, so the two bodies share interior points.
          const mid = (p) => {
            const f = shapes[p.s.name].fixtures[0];
            if (f.circle) return { x: f.circle.x, y: f.circle.y };
            const set = f.vertices[0];
            return set.reduce((m, v) => ({ x: m.x + v.x / set.length, y: m.y + v.y / set.length }), { x: 0, y: 0 });
          };
          const ma = mid(a), mb = mid(b);
          moveTo(a, 1000, 1000);
          moveTo(b, 1000 + (ma.x - a.s.pivot[0]) - (mb.x - b.s.pivot[0]), 1000 + (ma.y - a.s.pivot[1]) - (mb.y - b.s.pivot[1]));
          result.pairs++;
          if (this.matter.overlap(a.sp, [b.sp])) result.overlapHits++;
          else fail(a.s.name + " and " + b.s.name + ": overlapping, Matter says apart");
          moveTo(b, 1000 + 2 * (reach(a) + reach(b)), 1000);
          if (this.matter.overlap(a.sp, [b.sp])) {
            result.separatedHits++;
            fail(a.s.name + " and " + b.s.name + ": far apart, Matter says they collide");
          }
          moveTo(a, -5000 - 3000 * i, 0);
        }
        report(result);
      },
    };
    new Phaser.Game({ type: Phaser.HEADLESS, width: 800, height: 600, banner: false, physics: { default: "matter", matter: { gravity: { y: 0 } } }, scene });
  } catch (e) {
    report({ errors: ["exception: " + e + " " + (e.stack || "")] });
  }
})();
