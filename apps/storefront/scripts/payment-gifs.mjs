/**
 * Draws the result page's animated illustrations, `public/illustrations/{state}-payment.gif`
 * (spec §9), for tenants without the detailed success page. Run once after changing a drawing:
 *   node apps/storefront/scripts/payment-gifs.mjs
 * Each animation is short and plays once (pending: three rounds), so nothing moves for more than
 * five seconds.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import gifenc from 'gifenc';

const { GIFEncoder, quantize, applyPalette } = gifenc;

const SIZE = 120;
const FRAME_MS = 70;
const outDir = fileURLToPath(new URL('../public/illustrations/', import.meta.url));

const COLORS = {
  ink: [39, 48, 63],
  white: [255, 255, 255],
  green: [23, 114, 69],
  greenTint: [232, 246, 238],
  red: [180, 35, 24],
  redTint: [252, 235, 234],
  blue: [31, 79, 184],
  blueTint: [232, 239, 251],
  amber: [154, 91, 0],
  amberTint: [253, 243, 225],
};

const clamp = (value, min = 0, max = 1) => Math.min(max, Math.max(min, value));
const easeOut = (t) => 1 - (1 - clamp(t)) ** 3;

/** Signed distance from a point to a segment, less half its width (a round-capped stroke). */
function segmentDistance(x, y, [ax, ay], [bx, by], width) {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp(((x - ax) * dx + (y - ay) * dy) / lengthSquared);
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) - width / 2;
}

/** Shapes as signed-distance functions: negative inside, in pixels. */
const shape = {
  disc: (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r,
  stroke: (a, b, width) => (x, y) => segmentDistance(x, y, a, b, width),
  /** A polyline drawn up to `progress` (0–1) of its length. */
  path(points, width, progress = 1) {
    const lengths = points
      .slice(1)
      .map((point, i) => Math.hypot(point[0] - points[i][0], point[1] - points[i][1]));
    let left = lengths.reduce((sum, length) => sum + length, 0) * clamp(progress);
    const segments = [];
    for (let i = 0; i < lengths.length && left > 0; i += 1) {
      const part = Math.min(1, left / lengths[i]);
      const [ax, ay] = points[i];
      const [bx, by] = points[i + 1];
      segments.push([points[i], [ax + (bx - ax) * part, ay + (by - ay) * part]]);
      left -= lengths[i];
    }
    if (segments.length === 0) return () => Number.POSITIVE_INFINITY;
    return (x, y) => Math.min(...segments.map(([a, b]) => segmentDistance(x, y, a, b, width)));
  },
  /** An arc from angle `from` to `to` (radians, clockwise on screen), round caps. */
  arc(cx, cy, r, from, to, width) {
    const steps = Math.max(2, Math.ceil(Math.abs(to - from) * 12));
    const points = Array.from({ length: steps + 1 }, (_, i) => {
      const angle = from + ((to - from) * i) / steps;
      return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    });
    return shape.path(points, width);
  },
};

/** Paints layers of [distance function, colour] over the background, anti-aliased by distance. */
function paint(background, layers) {
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      let [r, g, b] = background;
      for (const [distance, color] of layers) {
        const coverage = clamp(0.5 - distance(x + 0.5, y + 0.5));
        if (coverage === 0) continue;
        r += (color[0] - r) * coverage;
        g += (color[1] - g) * coverage;
        b += (color[2] - b) * coverage;
      }
      const i = (y * SIZE + x) * 4;
      rgba[i] = Math.round(r);
      rgba[i + 1] = Math.round(g);
      rgba[i + 2] = Math.round(b);
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}

const CENTER = SIZE / 2;
const BADGE = 34;

/** The badge growing in over the first part of the animation. */
function badge(color, t) {
  const radius = BADGE * easeOut(t / 0.4);
  return [
    [shape.disc(CENTER, CENTER, radius + 4), COLORS.white],
    [shape.disc(CENTER, CENTER, radius), color],
  ];
}

const check = (t) =>
  shape.path(
    [
      [CENTER - 15, CENTER + 1],
      [CENTER - 4, CENTER + 12],
      [CENTER + 16, CENTER - 10],
    ],
    8,
    easeOut((t - 0.35) / 0.5),
  );

/** A circular arrow turning back (counter-clockwise), drawn over `sweep` of a full turn. */
function turnBack(t, sweep) {
  const progress = easeOut((t - 0.35) / 0.55);
  const start = -Math.PI / 3;
  const end = start - 2 * Math.PI * sweep * progress;
  const head = [CENTER + 16 * Math.cos(end), CENTER + 16 * Math.sin(end)];
  const layers = [[shape.arc(CENTER, CENTER, 16, start, end, 7), COLORS.white]];
  if (progress > 0.05) {
    const tangent = end - Math.PI / 2;
    const tip = [head[0] + 7 * Math.cos(tangent), head[1] + 7 * Math.sin(tangent)];
    layers.push([
      shape.path(
        [
          [head[0] + 7 * Math.cos(end), head[1] + 7 * Math.sin(end)],
          tip,
          [head[0] - 7 * Math.cos(end), head[1] - 7 * Math.sin(end)],
        ],
        5,
      ),
      COLORS.white,
    ]);
  }
  return layers;
}

/** The dashed half ring of a partial outcome, in the colour of what was not delivered. */
function halfRing(color, t) {
  const progress = easeOut((t - 0.6) / 0.4);
  const dashes = [];
  for (let i = 0; i < 6; i += 1) {
    const from = -Math.PI / 2 + (i * Math.PI) / 6;
    if (i / 6 >= progress) break;
    dashes.push([shape.arc(CENTER, CENTER, BADGE + 10, from, from + Math.PI / 12, 5), color]);
  }
  return dashes;
}

const ANIMATIONS = {
  success: {
    frames: 16,
    background: COLORS.greenTint,
    draw: (t) => [...badge(COLORS.green, t), [check(t), COLORS.white]],
  },
  failure: {
    frames: 16,
    background: COLORS.redTint,
    draw: (t) => [
      ...badge(COLORS.red, t),
      [
        shape.path(
          [
            [CENTER - 12, CENTER - 12],
            [CENTER + 12, CENTER + 12],
          ],
          8,
          easeOut((t - 0.35) / 0.3),
        ),
        COLORS.white,
      ],
      [
        shape.path(
          [
            [CENTER + 12, CENTER - 12],
            [CENTER - 12, CENTER + 12],
          ],
          8,
          easeOut((t - 0.6) / 0.3),
        ),
        COLORS.white,
      ],
    ],
  },
  pending: {
    frames: 15,
    repeat: 2,
    background: COLORS.blueTint,
    draw: (t) => [
      ...badge(COLORS.blue, 1),
      ...[-14, 0, 14].map((dx, i) => {
        const pulse = Math.max(0, Math.sin(Math.PI * clamp(t * 1.5 - i * 0.25)));
        return [shape.disc(CENTER + dx, CENTER - 5 * pulse, 5 + 1.5 * pulse), COLORS.white];
      }),
    ],
  },
  refunded: {
    frames: 18,
    background: COLORS.amberTint,
    draw: (t) => [...badge(COLORS.amber, t), ...turnBack(t, 0.8)],
  },
  'partial-success': {
    frames: 20,
    background: COLORS.greenTint,
    draw: (t) => [...halfRing(COLORS.amber, t), ...badge(COLORS.green, t), [check(t), COLORS.white]],
  },
  'partially-refunded': {
    frames: 20,
    background: COLORS.amberTint,
    draw: (t) => [...halfRing(COLORS.green, t), ...badge(COLORS.amber, t), ...turnBack(t, 0.8)],
  },
};

for (const [name, animation] of Object.entries(ANIMATIONS)) {
  const frames = Array.from({ length: animation.frames }, (_, i) =>
    paint(animation.background, animation.draw(i / (animation.frames - 1))),
  );
  // One palette for the whole animation keeps the colours steady from frame to frame.
  const all = new Uint8Array(frames.reduce((sum, frame) => sum + frame.length, 0));
  frames.forEach((frame, i) => {
    all.set(frame, i * frame.length);
  });
  const palette = quantize(all, 64);
  const gif = GIFEncoder();
  frames.forEach((frame, i) => {
    const last = i === frames.length - 1;
    gif.writeFrame(applyPalette(frame, palette), SIZE, SIZE, {
      palette,
      delay: last && !animation.repeat ? 1000 : FRAME_MS,
      repeat: animation.repeat ?? -1,
    });
  });
  gif.finish();
  writeFileSync(`${outDir}${name}-payment.gif`, gif.bytes());
}
console.log(`Wrote ${Object.keys(ANIMATIONS).length} illustrations to ${outDir}`);
