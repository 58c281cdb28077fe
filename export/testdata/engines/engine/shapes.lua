-- shapegen/v1 shapes for LÖVE 11 (love.physics, Box2D), written by shapegen test.
--
--   local shapes = require("shapes")       -- this file, shapes.lua
--   local s = shapes.sprites["enemies/bat"] -- image, frame, offset, rotated, turn, size, pivot
--   local body = love.physics.newBody(world, x, y, "dynamic") -- x, y: where the pivot is drawn
--   shapes.fixtures(body, "enemies/bat", "pieces")          -- or "polygon", "hull", "box", "circle", "aabb"
--
-- Coordinates are pixels of the sprite, relative to its pivot, y down;
-- love.physics divides them by its meter (love.physics.setMeter, 30 px by
-- default: set it so that large art is a few metres, at most 64 px a metre).
-- Each number is a float32 value rounded outward, so that every opaque pixel
-- stays inside the shape in Box2D's float32. Polygons are convex, with at
-- most 8 vertices at least 0.16 px apart (Box2D welds closer ones at 64 px a
-- metre). A kind that Box2D would not take as written is left out of its
-- sprite (the build's summary says which). Box2D gives every polygon a skin
-- of b2_polygonRadius (2 linear slops, 0.01 m: 0.3 px at 30 px a metre), so
-- two polygons touch when they are less than 2 x 0.3 px apart.
-- frame = {x, y, w, h} in image, as stored; turn = how it is stored turned,
-- in degrees clockwise: 0, 90 (also rotated = true), 180 or 270; draw it
-- turned back by -turn (love.graphics.draw's r = -math.rad(turn)) about the
-- stored rectangle's centre, upright pixel (x, y) being the stored pixel
-- (w-1-y, x) for 90, (w-1-x, h-1-y) for 180 and (y, h-1-x) for 270;
-- offset = where the upright frame lies in the untrimmed size;
-- aabb and box = {x, y, width, height[, angle]} for newRectangleShape;
-- circle = {x, y, radius}; hull, polygon and each piece = {x1, y1, x2, y2, ...}.
local M = {format = "shapegen/v1", generator = "shapegen test", max_meter = 64}
local S = {}
M.sprites = S
;(function()
S["a"] = {image = "a.png", frame = {0, 0, 8, 4}, offset = {0, 0}, rotated = false, turn = 0, size = {8, 4}, pivot = {4, 2},
  polygon = {-2, -2, 2, -2, 4, -1, 4, 1, 2, 2, -2, 2, -4, 1, -4, -1},
  pieces = {{-4, -2, 0, -2, 0, 2, -4, 2}, {0, -2, 4, -2, 4, 0.5}}}
S["b/x"] = {image = "b/x.png", frame = {0, 0, 4, 4}, offset = {0, 0}, rotated = false, turn = 0, size = {4, 4}, pivot = {2, 4},
  aabb = {0, -2, 4.000028610229492, 4.000028610229492, 0},
  circle = {0, -2, 2.82842755317688},
  box = {0, -2, 4.000028610229492, 4.000028610229492, 0.25},
  polygon = {-2, -4, 2, -4, 2, 0, -2, 0}}
S["b_x"] = {image = "b_x.png", frame = {0, 0, 1, 1}, offset = {0, 0}, rotated = false, turn = 0, size = {1, 1}, pivot = {0.5, 0.5}}
S["q\"\\\010/é"] = {image = "q.png", frame = {0, 0, 1, 1}, offset = {0, 0}, rotated = false, turn = 0, size = {1, 1}, pivot = {0.5, 0.5}}
S["sheet/f"] = {image = "sheet.png", frame = {10, 2, 3, 6}, offset = {1, 0}, rotated = true, turn = 90, size = {8, 4}, pivot = {4, 2},
  polygon = {-3, -2, 3, -2, 3, 1, -3, 1}}
end)()

-- fixtures(body, name, kind[, density]) makes the fixtures of sprite name's
-- shape kind (default: pieces, else polygon, hull, box, circle, aabb, the
-- first the sprite has) on body, placed at the sprite's pivot, and returns
-- them in a list; it returns nil and a message when the sprite or kind is
-- missing.
function M.fixtures(body, name, kind, density)
  local s = S[name]
  if s == nil then return nil, "no sprite " .. tostring(name) end
  if kind == nil then
    for _, k in ipairs({"pieces", "polygon", "hull", "box", "circle", "aabb"}) do
      if s[k] ~= nil then kind = k break end
    end
  end
  local v = kind and s[kind]
  if v == nil then return nil, "sprite " .. name .. " has no " .. tostring(kind) end
  local P, out = love.physics, {}
  if kind == "circle" then
    out[1] = P.newFixture(body, P.newCircleShape(v[1], v[2], v[3]), density)
  elseif kind == "aabb" or kind == "box" then
    out[1] = P.newFixture(body, P.newRectangleShape(v[1], v[2], v[3], v[4], v[5] or 0), density)
  elseif kind == "pieces" then
    for i, p in ipairs(v) do out[i] = P.newFixture(body, P.newPolygonShape(p), density) end
  else
    out[1] = P.newFixture(body, P.newPolygonShape(v), density)
  end
  return out
end

return M
