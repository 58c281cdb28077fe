// The engine tests' node script: node test/pairs.js ENGINE shapes.json pairs.json
// builds each pair of pairs.json ([nameA, kindA, x, y, angle, nameB, kindB,
// x, y, angle], pivots at x, y) with shapegen.js in ENGINE (matter or
// planck) and prints "RESULT " and one digit per pair: 1 when the engine
// says the two collide.
"use strict";
const fs = require("fs");
const Matter = require("matter-js");
const planck = require("planck");
const shapegen = require("../shapegen.js");

const [engine, shapesFile, pairsFile] = process.argv.slice(2);
const lib = shapegen.read(fs.readFileSync(shapesFile, "utf8"));
const pairs = JSON.parse(fs.readFileSync(pairsFile, "utf8"));
let out = "";
for (const p of pairs) {
  const sa = lib.sprites[p[0]], sb = lib.sprites[p[5]];
  let hit;
  if (engine === "matter") {
    const a = shapegen.matterBody(Matter, sa, p[1], p[2], p[3], p[4]);
    const b = shapegen.matterBody(Matter, sb, p[6], p[7], p[8], p[9]);
    hit = shapegen.matterCollides(Matter, a, b);
  } else if (engine === "planck") {
    // One step of zero time finds the contacts and moves nothing; a pair
    // collides when a contact is touching (Box2D's rule, skin included).
    const world = new planck.World({ gravity: new planck.Vec2(0, 0) });
    shapegen.planckBody(planck, world, sa, p[1], p[2], p[3], p[4], { type: "dynamic", fixture: { density: 1 } });
    shapegen.planckBody(planck, world, sb, p[6], p[7], p[8], p[9], { type: "static" });
    world.step(0);
    hit = false;
    for (let c = world.getContactList(); c; c = c.getNext()) {
      if (c.isTouching()) hit = true;
    }
  } else {
    throw new Error("unknown engine " + engine);
  }
  out += hit ? "1" : "0";
}
console.log("RESULT " + out);
