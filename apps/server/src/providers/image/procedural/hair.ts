import type { Rng } from "../../../lib/seeded-random.ts";
import type { Proportions } from "./figure.ts";
import { mirrored, n, type OutlinePoint, type Point, smoothPath } from "./svg.ts";
import type { HairStyle } from "./types.ts";

/** Hair as outlines in figure coordinates (see figure.ts). */
export interface HairShapes {
  /** behind the head and body */
  back: string[];
  /** over the forehead and face */
  front: string[];
  /** strand lines following the flow of the front hair */
  frontStrands: string[];
  backStrands: string[];
}

/**
 * A tapered lock of hair along a centre line (root → tip) with a width at each point.
 * Anime locks end in a sharp point, realistic ones in a rounded tip.
 */
export function lockPath(center: readonly Point[], widths: readonly number[], sharpTip: boolean): string {
  const left: OutlinePoint[] = [];
  const right: OutlinePoint[] = [];
  for (let index = 0; index < center.length; index++) {
    const previous = center[Math.max(0, index - 1)] as Point;
    const next = center[Math.min(center.length - 1, index + 1)] as Point;
    const [x, y] = center[index] as Point;
    const tx = next[0] - previous[0];
    const ty = next[1] - previous[1];
    const length = Math.hypot(tx, ty) || 1;
    const half = (widths[index] ?? 0) / 2;
    const nx = (-ty / length) * half;
    const ny = (tx / length) * half;
    left.push([x + nx, y + ny]);
    right.push([x - nx, y - ny]);
  }
  const tip = center[center.length - 1] as Point;
  const first = left[0] as OutlinePoint;
  const firstRight = right[0] as OutlinePoint;
  return smoothPath([
    [first[0], first[1], true],
    ...left.slice(1, -1),
    [tip[0], tip[1], sharpTip],
    ...right.slice(1, -1).reverse(),
    [firstRight[0], firstRight[1], true],
  ]);
}

function centerLine(center: readonly Point[], from = 0.2, to = 0.85): string {
  const start = Math.floor(from * (center.length - 1));
  const end = Math.ceil(to * (center.length - 1));
  return smoothPath(center.slice(start, end + 1) as OutlinePoint[], false);
}

export function hairShapes(
  style: HairStyle,
  p: Proportions,
  anime: boolean,
  masculine: boolean,
  rng: Rng,
  turn: number,
): HairShapes {
  const T = p.top;
  const H = p.hairline;
  const jitter = (amount: number): number => rng.range(-amount, amount);
  const shapes: HairShapes = { back: [], front: [], frontStrands: [], backStrands: [] };
  const part = Math.round(turn * 16 + jitter(12));
  const partSide: 1 | -1 = part >= 0 ? 1 : -1;

  const lock = (center: Point[], widths: number[], strands = true): string => {
    if (strands) shapes.frontStrands.push(centerLine(center));
    return lockPath(center, widths, anime);
  };

  /** the cap over the skull; its lower edge is the hairline. Masculine caps get a tousled top. */
  const cap = (volume: number, sideBottom: number, width = 112, hairline = H): string => {
    const top: OutlinePoint[] = [];
    if (masculine && style !== "buzz") {
      const tufts = 12;
      for (let index = 0; index <= tufts; index++) {
        const angle = Math.PI * 1.08 + (index / tufts) * Math.PI * 0.84;
        const out = index % 2 === 0;
        const r = out ? 1 + rng.range(0.02, 0.08) : 0.97;
        const y = -40 + Math.sin(angle) * (-40 - (T - volume)) * r;
        top.push([Math.cos(angle) * (width + 2) * r + (out ? partSide * 6 : 0), y, anime && out]);
      }
    } else {
      top.push(
        [-width + 6, -112],
        [-68, T - volume + 10],
        [0, T - volume],
        [68, T - volume + 10],
        [width - 6, -112],
      );
    }
    return smoothPath([
      [-width, sideBottom, true],
      [-width - 4, -40],
      ...top,
      [width + 4, -40],
      [width, sideBottom, true],
      [width - 14, sideBottom, true],
      [width - 18, -64],
      [62, hairline + 20],
      [0, hairline],
      [-62, hairline + 20],
      [-width + 18, -64],
      [-width + 14, sideBottom, true],
    ]);
  };

  /** anime bangs: pointed locks fanning out from the parting, longer in the middle */
  const animeFringe = (count: number, span: number, tipY: number, faceLocks: boolean): void => {
    const width = ((2 * span) / count) * 1.5;
    for (let index = 0; index < count; index++) {
      const t = (index + 0.5) / count;
      const x = -span + 2 * span * t;
      const dir = Math.sign(x - part) || partSide;
      const centrality = 1 - Math.abs(x) / span;
      const y = tipY + centrality * 16 + jitter(7) + (index % 2) * 6;
      shapes.front.push(
        lock(
          [
            [x - dir * 8, H - 44],
            [x + dir * 2, (H + y) / 2 - 6],
            [x + dir * (12 + jitter(5)), y],
          ],
          [width, width * 0.72, 0],
          false,
        ),
      );
      if (index % 2 === 0)
        shapes.frontStrands.push(
          `M${n(x)} ${n(H - 14)} q${n(dir * 3)} 22 ${n(dir * 8)} ${n((y - H) * 0.55)}`,
        );
    }
    if (faceLocks) {
      for (const s of [-1, 1] as const) {
        shapes.front.push(
          lock(
            [
              [s * 84, -118],
              [s * 102, -40],
              [s * 104, 30],
              [s * (96 + jitter(4)), 86 + jitter(8)],
            ],
            [38, 34, 22, 0],
          ),
        );
      }
    }
  };

  const curtainBangs = (reach: number): void => {
    for (const s of [-1, 1] as const) {
      const heavy = s === partSide ? 1 : 0.85;
      shapes.front.push(
        lock(
          [
            [part + s * 2, T + 8],
            [part + s * 44 * heavy, H + 2],
            [s * 90, -44 * heavy],
            [s * 104, reach * heavy],
          ],
          [58, 52, 38, 10],
        ),
      );
    }
  };

  const sweptBangs = (): void => {
    const s = -partSide;
    shapes.front.push(
      lock(
        [
          [part - s * 26, T + 6],
          [part + s * 26, H + 6],
          [s * 74, -60],
          [s * 106, -6],
        ],
        [86, 74, 48, 8],
      ),
    );
    shapes.front.push(
      lock(
        [
          [part - s * 10, T + 10],
          [part - s * 52, H - 8],
          [-s * 96, -70],
          [-s * 106, -30],
        ],
        [50, 40, 28, 8],
      ),
    );
  };

  const sideLock = (s: 1 | -1, length: number, wave: number): void => {
    const center: Point[] = [
      [s * 88, -120],
      [s * 110, -30],
      [s * (116 + wave), 60],
      [s * (122 - wave), 150],
      [s * (134 + wave), 240],
      [s * 140, length - 60],
      [s * (132 + jitter(6)), length],
    ];
    shapes.front.push(lock(center, [34, 38, 40, 44, 46, 32, 0]));
    if (anime) {
      const split = center.map(
        ([x, y], index): Point => [x + s * (index > 2 ? 14 : 6), y - (index === 6 ? 40 : 0)],
      );
      shapes.front.push(lockPath(split.slice(2), [30, 32, 28, 20, 0], true));
    } else {
      shapes.frontStrands.push(
        smoothPath(center.map(([x, y]): OutlinePoint => [x + s * 10, y]).slice(2, 6), false),
      );
    }
  };

  const longBack = (length: number, wave: number, width: number): string => {
    const right: OutlinePoint[] = [
      [0, T - 28],
      [76, T - 18],
      [width - 8, -112],
      [width + 4, -20],
      [width + 8 + wave, 80],
      [width + 16 - wave, 180],
      [width + 26 + wave, length - 100],
      [width + 28, length - 30],
    ];
    const bottom: OutlinePoint[] = [];
    const tips = anime ? 8 : 5;
    for (let index = 0; index <= tips; index++) {
      const x = width + 22 - ((width + 22) * 2 * index) / tips;
      const y = length + (index % 2 === 0 ? 12 : -30) + jitter(10);
      bottom.push([x, y, anime && index % 2 === 0]);
    }
    const left = right
      .slice(1)
      .reverse()
      .map((point): OutlinePoint => [-point[0], point[1]]);
    for (const s of [-1, 1]) {
      for (let index = 0; index < 3; index++) {
        const x = s * (width - 10 + index * 14);
        shapes.backStrands.push(
          `M${n(x)} -40 Q${n(x + s * (10 + jitter(10)))} 140 ${n(x + s * 26)} ${n(length - 40)}`,
        );
      }
    }
    return smoothPath([...right, ...bottom, ...left]);
  };

  switch (style) {
    case "long":
    case "wavy": {
      const wave = style === "wavy" ? 12 : 0;
      shapes.back.push(longBack(style === "wavy" ? 410 : 440, wave, 128));
      shapes.front.push(cap(26, 10));
      sideLock(1, style === "wavy" ? 330 : 360, wave);
      sideLock(-1, style === "wavy" ? 318 : 350, wave);
      if (anime) animeFringe(7, 104, -34, false);
      else curtainBangs(16);
      break;
    }
    case "bob": {
      shapes.back.push(
        smoothPath(
          mirrored([
            [0, T - 26],
            [80, T - 16],
            [124, -100],
            [134, -10],
            [138, 80],
            [132, 140],
            [110, 162, anime],
            [70, 150],
          ]),
        ),
      );
      shapes.front.push(cap(24, 10));
      for (const s of [-1, 1] as const) {
        shapes.front.push(
          lock(
            [
              [s * 92, -118],
              [s * 114, -30],
              [s * 122, 70],
              [s * 114, 164],
            ],
            [34, 40, 40, 0],
          ),
        );
      }
      if (anime) animeFringe(8, 106, -36, false);
      else shapes.front.push(bluntFringe(p, jitter));
      break;
    }
    case "ponytail": {
      const s = partSide;
      shapes.back.push(
        lockPath(
          [
            [s * 60, -150],
            [s * 124, -104],
            [s * 148, 10],
            [s * 146, 150],
            [s * 128, 290],
          ],
          [56, 70, 64, 46, 0],
          anime,
        ),
      );
      shapes.front.push(cap(16, -10, 108));
      if (anime) animeFringe(5, 96, -42, false);
      else sweptBangs();
      shapes.front.push(
        lock(
          [
            [-s * 92, -90],
            [-s * 106, -10],
            [-s * 102, 60],
            [-s * 94, 112],
          ],
          [18, 20, 14, 0],
        ),
      );
      break;
    }
    case "bun": {
      shapes.front.push(
        smoothPath(
          mirrored([
            [0, T - 96],
            [42, T - 84],
            [56, T - 48],
            [38, T - 16],
            [0, T - 10],
          ]),
        ),
      );
      shapes.front.push(cap(14, -14, 108));
      for (const s of [-1, 1] as const) {
        shapes.front.push(
          lock(
            [
              [s * 94, -96],
              [s * 108, -20],
              [s * 104, 60],
              [s * (96 + jitter(4)), 108],
            ],
            [16, 18, 12, 0],
          ),
        );
      }
      if (anime) animeFringe(5, 90, -46, false);
      else curtainBangs(-16);
      shapes.frontStrands.push(`M-34 ${T - 66} Q0 ${T - 100} 38 ${T - 62}`);
      break;
    }
    case "curly": {
      const cloud: OutlinePoint[] = [];
      const bumps = 24;
      for (let index = 0; index < bumps; index++) {
        const angle = (index / bumps) * Math.PI * 2 - Math.PI / 2;
        const r = (index % 2 === 0 ? 1 : 0.93) + jitter(0.03);
        cloud.push([Math.cos(angle) * 184 * r, -24 + Math.sin(angle) * 198 * r]);
      }
      shapes.back.push(smoothPath(cloud));
      const capPoints: OutlinePoint[] = [];
      const capBumps = 11;
      for (let index = 0; index <= capBumps; index++) {
        const angle = Math.PI + (index / capBumps) * Math.PI;
        capPoints.push([Math.cos(angle) * 132, -36 + Math.sin(angle) * 146 + (index % 2 ? -10 : 4)]);
      }
      for (let index = 10; index >= 0; index--) {
        const x = -114 + (228 * index) / 10;
        capPoints.push([x, H + 24 + Math.abs(x) * 0.32 + (index % 2 ? 14 : -2)]);
      }
      shapes.front.push(smoothPath(capPoints));
      for (let index = 0; index < 22; index++) {
        const angle = rng.range(Math.PI * 0.9, Math.PI * 2.1);
        const r = rng.range(90, 175);
        const x = Math.cos(angle) * r;
        const y = -24 + Math.sin(angle) * r * 1.05;
        const size = rng.range(7, 12);
        shapes.frontStrands.push(
          `M${n(x - size)} ${n(y)} a${n(size)} ${n(size)} 0 1 1 ${n(size)} ${n(size)}`,
        );
      }
      break;
    }
    case "pixie": {
      shapes.front.push(cap(22, -16, 110));
      const s = -partSide;
      if (anime) {
        animeFringe(6, 100, -42, false);
        break;
      }
      shapes.front.push(
        lock(
          [
            [part - s * 40, T + 4],
            [part + s * 20, H - 12],
            [s * 76, -60],
            [s * 104, -24],
          ],
          [80, 70, 40, 6],
        ),
      );
      break;
    }
    case "short": {
      shapes.front.push(cap(14, -26, 107, H + 4));
      const s = -partSide;
      for (let index = 0; index < 6; index++) {
        const x = -86 + index * 34;
        shapes.front.push(
          lock(
            [
              [x - s * 10, T + 10],
              [x + s * 4, H - 12],
              [x + s * (14 + jitter(4)), H + 14 + jitter(6)],
            ],
            [46, 32, anime ? 0 : 4],
            index % 2 === 0,
          ),
        );
      }
      break;
    }
    case "buzz": {
      shapes.front.push(cap(6, -34, 104, H - 6));
      break;
    }
    case "quiff": {
      // swept up and back: a tall tousled top and a front wave rising from the hairline
      const hl = anime ? H + 28 : H - 10;
      shapes.front.push(cap(36, -30, 107, hl));
      const s = partSide;
      shapes.front.push(
        lock(
          [
            [-s * 86, -70],
            [-s * 40, hl - 16],
            [s * 20, hl - 34],
            [s * 70, hl - 20],
            [s * 100, -60],
          ],
          [10, 30, 36, 26, 0],
        ),
      );
      for (let index = 0; index < 4; index++) {
        const x = -60 + index * 36;
        shapes.frontStrands.push(`M${x} ${hl - 6} Q${x + s * 14} ${T - 10} ${x + s * 40} ${T - 26}`);
      }
      break;
    }
    case "curly_short": {
      const points: OutlinePoint[] = [];
      const bumps = 15;
      for (let index = 0; index <= bumps; index++) {
        const angle = Math.PI + (index / bumps) * Math.PI;
        const r = index % 2 ? 1.07 : 0.99;
        points.push([Math.cos(angle) * 118 * r, -46 + Math.sin(angle) * 130 * r]);
      }
      for (let index = 10; index >= 0; index--) {
        const x = -106 + (212 * index) / 10;
        points.push([x, H + 8 + Math.abs(x) * 0.34 + (index % 2 ? 10 : -2)]);
      }
      shapes.front.push(smoothPath(points));
      for (let index = 0; index < 12; index++) {
        const x = jitter(96);
        const y = -150 + jitter(34);
        shapes.frontStrands.push(`M${n(x - 7)} ${n(y)} a7 7 0 1 1 7 7`);
      }
      break;
    }
    case "medium": {
      // collar length; shorter and swept to one side on men drawn realistically
      const short = masculine && !anime;
      shapes.back.push(
        smoothPath(
          mirrored([
            [0, T - 24],
            [84, T - 14],
            [124, -90],
            [132, 20],
            [short ? 124 : 130, short ? 80 : 120],
            [short ? 106 : 112, short ? 112 : 170, anime],
            [90, short ? 90 : 132],
          ]),
        ),
      );
      shapes.front.push(cap(26, 20, 114));
      for (const s of [-1, 1] as const) {
        shapes.front.push(
          lock(
            [
              [s * 90, -120],
              [s * 114, -40],
              [s * 120, short ? 10 : 50],
              [s * 112, short ? 60 : 120],
            ],
            [30, 36, 30, 0],
          ),
        );
      }
      if (anime) animeFringe(6, 104, -32, false);
      else if (short) sweptBangs();
      else curtainBangs(-4);
      break;
    }
    case "spiky": {
      const points: OutlinePoint[] = [];
      const spikes = 9;
      for (let index = 0; index <= spikes * 2; index++) {
        const angle = Math.PI * 1.04 + (index / (spikes * 2)) * Math.PI * 0.92;
        const outer = index % 2 === 0;
        const r = outer ? 152 + jitter(18) : 120;
        points.push([
          Math.cos(angle) * r * 1.02 + (outer ? partSide * 10 : 0),
          -34 + Math.sin(angle) * r * 1.08,
          outer,
        ]);
      }
      points.push([116, 0, true], [100, -40], [0, H - 6], [-100, -40], [-116, 0, true]);
      shapes.front.push(smoothPath(points));
      animeFringe(5, 98, -38, false);
      break;
    }
  }

  // (anime shading is done in figure.ts: an edge shadow and the highlight ring)
  if (!anime && style !== "buzz" && style !== "curly" && style !== "curly_short") {
    for (let index = 0; index < 6; index++) {
      const x = -96 + index * 38 + jitter(8);
      const toward = x < part ? -1 : 1;
      shapes.frontStrands.push(
        `M${n(part + toward * 6)} ${T - 12} Q${n(x + toward * 10)} ${n(T + 6)} ${n(x + toward * 24)} ${n(H + 30 + jitter(10))}`,
      );
    }
  }
  return shapes;
}

function bluntFringe(p: Proportions, jitter: (a: number) => number): string {
  const T = p.top;
  return smoothPath([
    [-104, -110],
    [-110, -40, true],
    [-50, -34 + jitter(3)],
    [0, -32],
    [50, -34 + jitter(3)],
    [110, -40, true],
    [104, -110],
    [0, T - 20],
  ]);
}

/** The glossy highlight band across the crown: jagged for anime, a soft sheen otherwise. */
export function hairHighlight(p: Proportions, anime: boolean, color: string, rng: Rng, side: 1 | -1): string {
  const cy = -36;
  const rx = 116;
  const ry = 122;
  const from = Math.PI * (anime ? 1.24 : 1.18);
  const to = Math.PI * (anime ? 1.76 : 1.82);
  const steps = anime ? 18 : 14;
  const at = (t: number, scale: number): [number, number] => {
    const angle = from + (to - from) * t;
    return [Math.cos(angle) * rx * scale, cy + Math.sin(angle) * ry * scale + (p.top + 150) * 0.5];
  };
  if (anime) {
    const outer: string[] = [];
    const inner: string[] = [];
    for (let index = 0; index <= steps; index++) {
      const t = index / steps;
      const [ox, oy] = at(t, 0.86);
      const [ix, iy] = at(t, index % 2 ? 0.76 + rng.range(-0.01, 0.01) : 0.81);
      outer.push(`${n(ox)} ${n(oy)}`);
      inner.push(`${n(ix)} ${n(iy)}`);
    }
    return `<path d="M${outer.join(" L")} L${inner.reverse().join(" L")}Z" fill="${color}" opacity="0.75"/>`;
  }
  const arc: string[] = [];
  for (let index = 0; index <= steps; index++) {
    const [x, y] = at(0.15 + (index / steps) * 0.7, 0.78);
    arc.push(`${n(x + side * 8)} ${n(y)}`);
  }
  return (
    `<path d="M${arc.join(" L")}" stroke="${color}" stroke-width="26" fill="none" opacity="0.22" stroke-linecap="round"/>` +
    `<path d="M${arc.slice(3, 12).join(" L")}" stroke="${color}" stroke-width="9" fill="none" opacity="0.3" stroke-linecap="round"/>`
  );
}
