// shapegen.js: a plain-JavaScript reader of shapegen's shapes.json
// (format shapegen/v1) for matter-js and planck.js, in node or a browser.
//
//   const shapegen = require("./shapegen.js");          // or <script src="shapegen.js">
//   const lib = shapegen.read(fs.readFileSync("shapes.json", "utf8"));
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

  // read parses shapes.json (a string or the parsed object) and returns
  // {format, generator, settings, sprites}, sprites keyed by name. It
  // throws on another format.
  function read(json) {
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

  return { FORMAT: FORMAT, KINDS: KINDS, read: read, parts: parts, matterRadius: matterRadius, matterBody: matterBody, matterCollides: matterCollides, planckBody: planckBody };
});
