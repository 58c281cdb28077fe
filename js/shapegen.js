// shapegen.js: a plain-JavaScript reader of shapegen's shapes.json
// (format shapegen/v1) and shapes.compact (shapegen-compact/v1) for
// matter-js and planck.js, in node or a browser.
//
//   const shapegen = require("./shapegen.js");          // or <script src="shapegen.js">
//   const lib = shapegen.read(fs.readFileSync("shapes.json", "utf8"));
//   // or the compact library's bytes (a Uint8Array, an ArrayBuffer or a
//   // node Buffer): shapegen.read(fs.readFileSync("shapes.compact")), or
//   // in a browser shapegen.read(await (await fetch("shapes.compact")).arrayBuffer())
//   const bat = lib.sprites["enemies/bat"];
//   const body = shapegen.matterBody(Matter, bat, "pieces", x, y, angle);   // pivot at (x, y)
//   const b2 = shapegen.planckBody(planck, world, bat, "polygon", x, y, angle, {scale: 1 / 30});
//
// Coordinates in shapes.json are pixels of the sprite, y down; both
// readers place the sprite's pivot at (x, y) and turn the body about it.
// JavaScript numbers are float64, so the shapes are the library's own
// numbers and every opaque pixel stays inside them.
//
// Traps:
// - Matter counts shapes that only touch as apart (its SAT needs an
//   overlap > 0), where shapegen's collide counts touching as colliding.
// - Matter has no true circles: Bodies.circle makes a polygon whose
//   vertices lie on the radius, inside the circle. matterBody grows the
//   radius until that polygon contains the circle.
// - planck.js keeps at most 12 vertices of a polygon and drops the rest
//   without an error, and welds vertices closer than half its linear slop
//   (0.0025 m); planckBody throws instead of building a smaller shape.
//   Its polygons also carry a skin of 2 linear slops (0.01 m): two of them
//   touch when they are less than 0.02 m apart.
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory();
  } else {
    root.shapegen = factory();
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var FORMAT = "shapegen/v1";
  var KINDS = ["aabb", "circle", "box", "hull", "polygon", "pieces"];

  // read parses shapes.json (a string or the parsed object) or the bytes
  // of shapes.compact and returns {format, generator, settings, sprites},
  // sprites keyed by name, each as shapes.json has it. It throws on
  // another format.
  function read(json) {
    if (json instanceof ArrayBuffer || ArrayBuffer.isView(json)) {
      json = readCompact(json);
    }
    var lib = typeof json === "string" ? JSON.parse(json) : json;
    if (!lib || lib.format !== FORMAT) {
      throw new Error("shapegen: format " + (lib && lib.format) + ", want " + FORMAT);
    }
    var sprites = {};
    (lib.sprites || []).forEach(function (s) {
      sprites[s.name] = s;
    });
    return { format: lib.format, generator: lib.generator, settings: lib.settings, sprites: sprites };
  }

  var COMPACT = "shapegen-compact/v1";

  // readCompact decodes the compact library in bytes into the object
  // JSON.parse gives for the same library's shapes.json, but for its
  // animations, which read does not use. The layout is export/compact.go's
  // and export/record.go's: varints, float64s little-endian, strings as a
  // length and UTF-8.
  function readCompact(bytes) {
    var u8 = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    var view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
    var utf8 = new TextDecoder("utf-8");
    var at = 0;
    var fail = function (why) { throw new Error("shapegen: bad compact library: " + why + " at byte " + at); };
    var uvarint = function () { // exact below 2^53, and for the even ones below 2^54
      var v = 0, scale = 1;
      for (var i = 0; i < 10; i++) {
        if (at >= u8.length) fail("cut short");
        var c = u8[at++];
        v += (c & 0x7f) * scale;
        if (c < 0x80) return v;
        scale *= 128;
      }
      fail("a varint too long");
    };
    var int = function () { var u = uvarint(); return u % 2 === 0 ? u / 2 : -(u + 1) / 2; };
    var str = function () {
      var n = uvarint();
      if (at + n > u8.length) fail("cut short");
      var s = utf8.decode(u8.subarray(at, at + n));
      at += n;
      return s;
    };
    var num = function () { // binrec.AppendNums: quarters as varints, else 1 and 8 bytes
      var h = uvarint();
      if (h === 1) {
        if (at + 8 > u8.length) fail("cut short");
        var f = view.getFloat64(at, true);
        at += 8;
        return f;
      }
      if (h % 2 !== 0) fail("a number");
      var z = h / 2;
      return (z % 2 === 0 ? z / 2 : -(z + 1) / 2) / 4;
    };
    var present = function () { var n = uvarint(); return n === 0 ? -1 : n - 1; }; // -1: absent
    var point = function () { var x = num(); return [x, num()]; };
    var ring = function () {
      var n = present(), r = n < 0 ? null : [];
      for (var i = 0; i < n; i++) r.push(point());
      return r;
    };
    var rings = function () {
      var n = present(), rs = n < 0 ? null : [];
      for (var i = 0; i < n; i++) rs.push(ring());
      return rs;
    };
    var base64 = function (b) {
      if (typeof Buffer !== "undefined") return Buffer.from(b).toString("base64");
      var s = "";
      for (var i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
      return btoa(s);
    };
    var sprite = function () { // export.AppendRecord
      var s = { name: str(), image: str() };
      s.frame = { x: int(), y: int(), w: int(), h: int() };
      if (at >= u8.length) fail("cut short");
      var flags = u8[at++];
      if (flags >= 128) fail("flags");
      if (flags & 1) s.rotated = true;
      var turn = int();
      if (turn !== 0) s.turn = turn;
      if (flags & 2) s.offset = [int(), int()];
      s.size = [int(), int()];
      s.pivot = point();
      s.pixels = int();
      if (flags & 4) s.aabb = { min: point(), max: point() };
      if (flags & 8) s.circle = { center: point(), radius: num() };
      if (flags & 16) s.box = { center: point(), half: point(), angle: num() };
      ["hull", "polygon"].forEach(function (k) { var r = ring(); if (r) s[k] = r; });
      ["pieces", "outline"].forEach(function (k) { var r = rings(); if (r) s[k] = r; });
      var nq = uvarint();
      if (nq > 0) s.quality = {};
      for (var i = 0; i < nq; i++) {
        var k = str(), q = { outside: int(), area_ratio: num() };
        var fp = num();
        if (k !== "outline") q.fp_area = fp; // the outline has no figure (export.HasFPArea)
        s.quality[k] = q;
      }
      if (flags & 32) {
        var m = { w: int(), h: int() };
        if (flags & 64) {
          var n = uvarint();
          if (at + n > u8.length) fail("cut short");
          m.rle = base64(u8.subarray(at, at + n));
          at += n;
        } else {
          m.rle = str();
        }
        s.mask = m;
      }
      var same = str();
      if (same !== "") s.same_as = same;
      var nw = uvarint();
      if (nw > 0) s.warnings = [];
      for (var j = 0; j < nw; j++) s.warnings.push(str());
      return s;
    };
    var line = COMPACT + "\n";
    if (u8.length < line.length || utf8.decode(u8.subarray(0, line.length)) !== line) {
      var first = utf8.decode(u8.subarray(0, Math.min(u8.length, 40))).split("\n")[0];
      throw new Error("shapegen: format " + first + ", want " + COMPACT);
    }
    at = line.length;
    var head = JSON.parse(str());
    head.sprites = [];
    for (var n = uvarint(); n !== 0; n = uvarint()) {
      var end = at + n;
      head.sprites.push(sprite());
      if (at !== end) fail("a sprite's length");
    }
    return head;
  }

  // parts returns sprite's shape kind as convex parts relative to its
  // pivot: {vertices: [{x, y}, ...]} (boxes and AABBs as their corners) or
  // {circle: {x, y, radius}}; [] when the sprite has no such kind.
  function parts(sprite, kind) {
    var px = sprite.pivot[0], py = sprite.pivot[1];
    var ring = function (r) {
      return { vertices: r.map(function (p) { return { x: p[0] - px, y: p[1] - py }; }) };
    };
    switch (kind) {
      case "aabb":
        if (!sprite.aabb) return [];
        var a = sprite.aabb;
        return [ring([a.min, [a.max[0], a.min[1]], a.max, [a.min[0], a.max[1]]])];
      case "box":
        if (!sprite.box) return [];
        var b = sprite.box, c = Math.cos(b.angle), s = Math.sin(b.angle);
        return [ring([[-1, -1], [1, -1], [1, 1], [-1, 1]].map(function (k) {
          var x = k[0] * b.half[0], y = k[1] * b.half[1];
          return [b.center[0] + c * x - s * y, b.center[1] + s * x + c * y];
        }))];
      case "circle":
        if (!sprite.circle) return [];
        return [{ circle: { x: sprite.circle.center[0] - px, y: sprite.circle.center[1] - py, radius: sprite.circle.radius } }];
      case "hull":
      case "polygon":
        return sprite[kind] ? [ring(sprite[kind])] : [];
      case "pieces":
        return (sprite.pieces || []).map(ring);
    }
    throw new Error("shapegen: unknown kind " + kind);
  }

  // matterRadius returns the radius to give Matter's Bodies.circle so that
  // its polygon (ceil(max(10, min(25, radius))) vertices on the radius)
  // contains the circle of radius r.
  function matterRadius(r) {
    var sides = Math.ceil(Math.max(10, Math.min(25, r)));
    return r / Math.cos(Math.PI / sides) * (1 + 1e-12);
  }

  // matterBody returns a Matter body of sprite's kind with its pivot at
  // (x, y), turned by angle (radians), or null when the sprite has no such
  // kind. options go to Matter's Body.create.
  function matterBody(Matter, sprite, kind, x, y, angle, options) {
    var ps = parts(sprite, kind);
    if (ps.length === 0) return null;
    var bodies = ps.map(function (p) {
      if (p.circle) {
        return Matter.Bodies.circle(p.circle.x, p.circle.y, matterRadius(p.circle.radius));
      }
      var v = p.vertices.map(function (q) { return { x: q.x, y: q.y }; });
      return Matter.Body.create({ position: Matter.Vertices.centre(v), vertices: v });
    });
    var opts = Object.assign({}, options || {}, { parts: bodies });
    var body = Matter.Body.create(opts);
    Matter.Body.rotate(body, angle || 0, { x: 0, y: 0 });
    Matter.Body.translate(body, { x: x, y: y });
    return body;
  }

  // matterCollides reports whether two Matter bodies (compound or not)
  // overlap, part by part, with Matter's own SAT.
  function matterCollides(Matter, a, b) {
    var pa = a.parts.length > 1 ? a.parts.slice(1) : [a];
    var pb = b.parts.length > 1 ? b.parts.slice(1) : [b];
    for (var i = 0; i < pa.length; i++) {
      for (var j = 0; j < pb.length; j++) {
        if (Matter.Collision.collides(pa[i], pb[j])) return true;
      }
    }
    return false;
  }

  // planckBody adds to world a body of sprite's kind with its pivot at
  // (x, y) pixels, turned by angle, and returns it (null when the sprite
  // has no such kind). opt.scale is metres per pixel (default 1/30),
  // opt.type the body type (default "dynamic"), opt.fixture the fixture
  // definition's other fields. It throws when a polygon has more vertices
  // than planck keeps or vertices planck would weld.
  function planckBody(planck, world, sprite, kind, x, y, angle, opt) {
    opt = opt || {};
    var scale = opt.scale || 1 / 30;
    var ps = parts(sprite, kind);
    if (ps.length === 0) return null;
    var max = planck.Settings.maxPolygonVertices;
    var weld = 0.5 * planck.Settings.linearSlop;
    var shapes = ps.map(function (p) {
      if (p.circle) {
        return new planck.Circle(new planck.Vec2(p.circle.x * scale, p.circle.y * scale), p.circle.radius * scale);
      }
      if (p.vertices.length > max) {
        throw new Error("shapegen: " + sprite.name + " " + kind + " has " + p.vertices.length + " vertices; planck keeps " + max);
      }
      var v = p.vertices.map(function (q) { return new planck.Vec2(q.x * scale, q.y * scale); });
      for (var i = 0; i < v.length; i++) {
        for (var j = i + 1; j < v.length; j++) {
          if (planck.Vec2.distance(v[i], v[j]) < weld) {
            throw new Error("shapegen: " + sprite.name + " " + kind + " has vertices closer than planck's weld distance");
          }
        }
      }
      return new planck.Polygon(v);
    });
    var body = world.createBody({ type: opt.type || "dynamic", position: new planck.Vec2(x * scale, y * scale), angle: angle || 0 });
    shapes.forEach(function (s) {
      body.createFixture(Object.assign({}, opt.fixture || {}, { shape: s }));
    });
    return body;
  }

  return { FORMAT: FORMAT, COMPACT: COMPACT, KINDS: KINDS, read: read, readCompact: readCompact, parts: parts, matterRadius: matterRadius, matterBody: matterBody, matterCollides: matterCollides, planckBody: planckBody };
});
