// The game's own picture: the glyphs the audience display's view lays out (ui/web/picture.py),
// drawn as SVG with one painter per glyph kind, as ui/qt/views/painting.py paints them.  Every
// family's view is made of these kinds, so no game needs a drawing of its own here.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const C = {
  felt: "#0f3b2c", panel: "#17503d", dark: "#0b2d21", text: "#f5f1e6", muted: "#b5cfc3",
  accent: "#ffd54a", foul: "#ff9800", illegal: "#e53935", ivory: "#fbf8ef", ink: "#161616",
  red: "#d0231f", back: "#2c4f9e", cloth: "#1f7a4a", rail: "#6b3f1f", skittle: "#f3ead2",
};
const TEXT_COLOURS = ["accent", "muted", "foul", "illegal", "ink"];
const BAND_COLOURS = {
  panel: C.panel, dark: C.dark, accent: "rgba(255,213,74,0.24)", turn: "rgba(255,213,74,0.78)",
  muted: C.muted,
};
const PIPS = {
  0: [], 1: [[0.5, 0.5]], 2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

function shape(parent, tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  parent.append(node);
  return node;
}

const has = (g, flag) => g.s.split(" ").includes(flag);

function rounded(parent, [x, y, w, h], radius, fill, stroke, width, extra = {}) {
  return shape(parent, "rect", {
    x, y, width: w, height: h, rx: radius, ry: radius, fill,
    stroke: stroke || "none", "stroke-width": width || 0, ...extra,
  });
}

function circle(parent, cx, cy, r, attrs) {
  return shape(parent, "circle", { cx, cy, r, ...attrs });
}

// Text as large as the box's height allows (scale of it), shrunk until it fits the width.
function fitted(parent, [x, y, w, h], text, colour, flags = "", scale = 0.72) {
  const words = flags.split(" ");
  const anchor = words.includes("right") ? "end" : words.includes("center") ? "middle" : "start";
  const at = anchor === "end" ? x + w : anchor === "middle" ? x + w / 2 : x;
  let size = Math.max(h * scale, 4);
  const node = shape(parent, "text", {
    x: at, y: y + h / 2, "text-anchor": anchor, "dominant-baseline": "central",
    "font-size": size, "font-weight": words.includes("bold") ? "bold" : "normal", fill: colour,
  });
  node.textContent = text;
  const length = node.getComputedTextLength();
  if (length > w && w > 0) {
    size = size * (w / length) * 0.98;
    node.setAttribute("font-size", String(size));
  }
  return node;
}

function pips(parent, [x, y, w, h], count, colour) {
  const side = Math.min(w, h);
  const r = side * (count === 6 ? 0.085 : 0.095);
  for (const [px, py] of PIPS[count] || []) circle(parent, x + px * w, y + py * h, r, { fill: colour });
}

const PAINTERS = {
  text(p, g) {
    const flag = TEXT_COLOURS.find((f) => has(g, f));
    fitted(p, g.r, String(g.v ?? ""), flag ? C[flag === "ink" ? "ink" : flag] : C.text, g.s);
  },
  band(p, g) {
    const flag = Object.keys(BAND_COLOURS).find((f) => has(g, f));
    rounded(p, g.r, 0, flag ? BAND_COLOURS[flag] : C.panel);
  },
  die(p, g) {
    const side = Math.min(g.r[2], g.r[3]);
    const kept = has(g, "kept");
    rounded(p, g.r, side * 0.16, C.ivory, kept ? C.accent : C.ink, side * (kept ? 0.07 : 0.025));
    pips(p, g.r, Number(g.v), C.ink);
  },
  card(p, g) {
    const [x, y, w, h] = g.r;
    const [rank, suit, red] = g.v;
    const colour = red ? C.red : C.ink;
    const trump = has(g, "trump");
    rounded(p, g.r, w * 0.08, C.ivory, trump ? C.accent : C.ink, w * (trump ? 0.06 : 0.015));
    fitted(p, [x + w * 0.07, y + w * 0.04, w * 0.86, h * 0.3], rank, colour, "bold", 0.9);
    fitted(p, [x, y + h * 0.32, w, h * 0.62], suit, colour, "center", 0.85);
  },
  suit(p, g) {
    const w = g.r[2];
    rounded(p, g.r, w * 0.12, C.ivory, C.accent, w * 0.05);
    fitted(p, g.r, g.v[0], g.v[1] ? C.red : C.ink, "center", 0.8);
  },
  card_back(p, g) {
    const w = g.r[2];
    rounded(p, g.r, w * 0.08, C.back, C.ivory, w * 0.05);
    if (g.v !== null && g.v !== undefined) fitted(p, g.r, String(g.v), C.ivory, "center bold", 0.45);
  },
  tile(p, g) {
    const [x, y, w, h] = g.r;
    const side = Math.min(w, h);
    const inset = side * 0.06;
    rounded(p, g.r, side * 0.12, C.ivory, C.ink, side * 0.04);
    const line = { stroke: C.ink, "stroke-width": side * 0.04 };
    let a;
    let b;
    if (w >= h) {
      const half = w / 2;
      a = [x + inset, y + inset, half - 2 * inset, side - 2 * inset];
      b = [a[0] + half, a[1], a[2], a[3]];
      shape(p, "line", { x1: x + half, y1: y + inset, x2: x + half, y2: y + h - inset, ...line });
    } else {
      const half = h / 2;
      a = [x + inset, y + inset, side - 2 * inset, half - 2 * inset];
      b = [a[0], a[1] + half, a[2], a[3]];
      shape(p, "line", { x1: x + inset, y1: y + half, x2: x + w - inset, y2: y + half, ...line });
    }
    pips(p, a, g.v[0], C.ink);
    pips(p, b, g.v[1], C.ink);
  },
  end(p, g) {
    const [x, y, w, h] = g.r;
    shape(p, "ellipse", {
      cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, fill: C.accent, stroke: C.ink,
      "stroke-width": w * 0.06,
    });
    fitted(p, g.r, String(g.v), C.ink, "center bold", 0.7);
  },
  table(p, g) {
    const [x, y, w, h] = g.r;
    const rail = h * 0.07;
    rounded(p, g.r, rail * 0.6, C.rail);
    const cloth = [x + rail, y + rail, w - 2 * rail, h - 2 * rail];
    rounded(p, cloth, 0, C.cloth);
    if (has(g, "pockets")) {
      for (const px of [cloth[0], cloth[0] + cloth[2] / 2, cloth[0] + cloth[2]]) {
        for (const py of [cloth[1], cloth[1] + cloth[3]]) circle(p, px, py, rail * 0.62, { fill: "#050505" });
      }
    }
  },
  mark(p, g) {
    const [x, y, w, h] = g.r;
    const cx = x + w / 2;
    const cy = y + h / 2;
    const r = w / 2;
    const pen = { stroke: "rgba(255,255,255,0.59)", "stroke-width": Math.max(1.5, w * 0.12) };
    shape(p, "line", { x1: cx - r, y1: cy, x2: cx + r, y2: cy, ...pen });
    shape(p, "line", { x1: cx, y1: cy - r, x2: cx, y2: cy + r, ...pen });
  },
  skittle(p, g) {
    const [x, y, w, h] = g.r;
    const cx = x + w / 2;
    const cy = y + h / 2;
    if (has(g, "fallen")) {
      const pen = { stroke: C.illegal, "stroke-width": w * 0.22, "stroke-linecap": "round" };
      shape(p, "line", { x1: x, y1: y, x2: x + w, y2: y + h, ...pen });
      shape(p, "line", { x1: x + w, y1: y, x2: x, y2: y + h, ...pen });
      return;
    }
    if (has(g, "absent")) {
      circle(p, cx, cy, w / 2, {
        fill: "none", stroke: C.muted, "stroke-width": w * 0.1, "stroke-dasharray": `${w * 0.3} ${w * 0.2}`,
      });
      return;
    }
    const red = has(g, "red");
    circle(p, cx, cy, w / 2, {
      fill: red ? "#d6312b" : C.skittle, stroke: has(g, "off_mark") ? C.foul : C.ink, "stroke-width": w * 0.1,
    });
    circle(p, cx, cy, w * 0.18, { fill: red ? C.skittle : C.ink });
  },
  ball(p, g) {
    const [x, y, w, h] = g.r;
    const ghost = has(g, "ghost");
    shape(p, "ellipse", {
      cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, fill: String(g.v),
      "fill-opacity": ghost ? 0.43 : 1, stroke: ghost ? C.text : C.ink, "stroke-width": w * 0.06,
      ...(ghost ? { "stroke-dasharray": `${w * 0.18} ${w * 0.12}` } : {}),
    });
  },
  novus_board(p, g) {
    const [x, y, w] = g.r;
    const rail = w * 0.06;
    rounded(p, g.r, rail * 0.5, C.rail);
    const bx = x + rail;
    const by = y + rail;
    const side = w - 2 * rail;
    rounded(p, [bx, by, side, side], 0, "#c9a66b");
    const pen = { stroke: "#5a3a1a", "stroke-width": Math.max(1.5, side * 0.004), fill: "none" };
    const zone = side * 0.14;
    shape(p, "rect", { x: bx + zone, y: by + zone, width: side - 2 * zone, height: side - 2 * zone, ...pen });
    const cx = bx + side / 2;
    const cy = by + side / 2;
    for (const [x1, y1, x2, y2] of [
      [cx, by, cx, by + zone], [cx, by + side - zone, cx, by + side],
      [bx, cy, bx + zone, cy], [bx + side - zone, cy, bx + side, cy],
    ]) shape(p, "line", { x1, y1, x2, y2, ...pen });
    circle(p, cx, cy, side * 0.12, pen);
    for (const px of [bx, bx + side]) for (const py of [by, by + side]) circle(p, px, py, rail * 0.75, { fill: "#050505" });
  },
  reversi_board(p, g) {
    const [x, y, w] = g.r;
    const size = Number(g.v);
    const margin = w * 0.06;
    rounded(p, g.r, margin * 0.4, "#1b1b1b");
    const bx = x + margin;
    const by = y + margin;
    const side = w - 2 * margin;
    rounded(p, [bx, by, side, side], 0, "#1e8a4c");
    const square = side / size;
    const pen = { stroke: "#0b3d20", "stroke-width": Math.max(1, square * 0.03) };
    for (let k = 0; k <= size; k += 1) {
      shape(p, "line", { x1: bx + k * square, y1: by, x2: bx + k * square, y2: by + side, ...pen });
      shape(p, "line", { x1: bx, y1: by + k * square, x2: bx + side, y2: by + k * square, ...pen });
    }
    if (size >= 6) {
      for (const row of [2, size - 2]) for (const col of [2, size - 2]) {
        circle(p, bx + col * square, by + row * square, square * 0.07, { fill: "#0b3d20" });
      }
    }
    const letters = "abcdefghijklmnop";
    for (let k = 0; k < size; k += 1) {
      for (const top of [y, by + side]) fitted(p, [bx + k * square, top, square, margin], letters[k], C.muted, "center", 0.6);
      const down = by + k * square + (square - margin) / 2;
      for (const left of [x, bx + side]) fitted(p, [left, down, margin, margin], String(k + 1), C.muted, "center", 0.6);
    }
  },
  disc(p, g) {
    const [x, y, w, h] = g.r;
    const cx = x + w / 2;
    const cy = y + h / 2;
    if (has(g, "hint")) {
      circle(p, cx, cy, w / 2, { fill: "rgba(255,255,255,0.35)" });
      return;
    }
    const black = has(g, "black");
    circle(p, cx, cy, w / 2, { fill: black ? C.ink : C.ivory, stroke: black ? "#555555" : "#000000", "stroke-width": w * 0.04 });
    if (has(g, "last")) {
      circle(p, cx, cy, w / 2 + w * 0.08, { fill: "none", stroke: C.accent, "stroke-width": w * 0.1 });
    } else if (has(g, "turned")) {
      circle(p, cx, cy, w * 0.12, { fill: C.accent });
    }
  },
};

// Draws ``picture`` ({box, glyphs}) into the <svg> ``svg``; a glyph of a kind this page does
// not know is drawn as its outline, so a new kind shows where it is rather than vanishing.
function drawPicture(svg, picture) {
  svg.replaceChildren();
  svg.toggleAttribute("hidden", !picture); // an <svg> has no hidden property, only the attribute
  if (!picture) return;
  const [x, y, w, h] = picture.box;
  svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  svg.dataset.view = picture.view;
  for (const glyph of picture.glyphs) {
    const group = shape(svg, "g", { "data-kind": glyph.k, class: glyph.s });
    if (glyph.k === "text") group.dataset.text = String(glyph.v ?? "");
    if (glyph.k === "card") group.dataset.card = glyph.v[0] + glyph.v[1];
    const painter = PAINTERS[glyph.k];
    if (painter) painter(group, glyph);
    else rounded(group, glyph.r, 0, "none", C.muted, 2);
  }
}
