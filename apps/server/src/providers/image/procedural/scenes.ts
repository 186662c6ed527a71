import type { Rng } from "../../../lib/seeded-random.ts";
import { darken, lighten, mix, saturate } from "./color.ts";
import { alpha, linearGradient, n, radialGradient, smoothPath } from "./svg.ts";
import type { Lighting, SceneId, TimeOfDay } from "./types.ts";

export interface SceneContext {
  width: number;
  height: number;
  rng: Rng;
  anime: boolean;
  /** the light of day asked for; scenes drawn at one time of day by nature may ignore it */
  time?: TimeOfDay | undefined;
}

/** A background: markup behind the figure, markup in front of it, and how it lights the figure. */
export interface SceneLayer {
  defs: string;
  back: string;
  front: string;
  light: Lighting;
}

type SceneBuilder = (context: SceneContext) => SceneLayer;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ""): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;

const circle = (cx: number, cy: number, r: number, fill: string, extra = ""): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;

/** Soft out-of-focus light discs. */
function bokeh(
  context: SceneContext,
  prefix: string,
  options: {
    count: number;
    colors: readonly string[];
    radius: readonly [number, number];
    area?: readonly [x0: number, y0: number, x1: number, y1: number];
    opacity?: readonly [number, number];
  },
): { defs: string; body: string } {
  const { width: W, height: H, rng, anime } = context;
  const [x0, y0, x1, y1] = options.area ?? [0, 0, 1, 1];
  const [o0, o1] = options.opacity ?? [0.35, 0.85];
  let defs = "";
  options.colors.forEach((color, index) => {
    defs += anime
      ? radialGradient(`${prefix}${index}`, [
          [0, lighten(color, 0.35), 0.55],
          [0.82, color, 0.5],
          [0.92, lighten(color, 0.5), 0.85],
          [1, lighten(color, 0.5), 0],
        ])
      : radialGradient(`${prefix}${index}`, [
          [0, lighten(color, 0.3), 0.95],
          [0.55, color, 0.75],
          [1, color, 0],
        ]);
  });
  let body = "";
  const unit = Math.min(W, H);
  for (let index = 0; index < options.count; index++) {
    const color = rng.int(0, options.colors.length - 1);
    const r = rng.range(options.radius[0], options.radius[1]) * unit;
    body += circle(
      rng.range(x0, x1) * W,
      rng.range(y0, y1) * H,
      r,
      `url(#${prefix}${color})`,
      ` opacity="${alpha(rng.range(o0, o1))}"`,
    );
  }
  return { defs, body };
}

function skyline(
  context: SceneContext,
  options: {
    baseY: number;
    top: readonly [number, number];
    color: string;
    windows: readonly string[];
    windowChance: number;
    widths?: readonly [number, number];
  },
): string {
  const { width: W, height: H, rng } = context;
  let out = "";
  let x = -rng.range(0, 0.05) * W;
  const [w0, w1] = options.widths ?? [0.07, 0.15];
  while (x < W) {
    const bw = rng.range(w0, w1) * W;
    const top = rng.range(options.top[0], options.top[1]) * H;
    out += rect(x, top, bw - W * 0.004, options.baseY * H - top + 2, options.color);
    if (rng.chance(0.3)) {
      // roof block / antenna
      out += rect(x + bw * 0.3, top - H * 0.02, bw * 0.3, H * 0.02 + 1, options.color);
    }
    const cell = W * 0.022;
    const rows = Math.floor((options.baseY * H - top - cell) / (cell * 1.5));
    const cols = Math.floor((bw - cell) / cell);
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        if (!rng.chance(options.windowChance)) continue;
        out += rect(
          x + cell * 0.6 + col * cell,
          top + cell + row * cell * 1.5,
          cell * 0.5,
          cell * 0.7,
          rng.pick(options.windows),
          ` opacity="${alpha(rng.range(0.45, 1))}"`,
        );
      }
    }
    x += bw;
  }
  return out;
}

/** Falling particles (snow, petals, dust). */
function particles(
  context: SceneContext,
  options: {
    count: number;
    color: string;
    size: readonly [number, number];
    opacity: readonly [number, number];
    petal?: boolean;
  },
): string {
  const { width: W, height: H, rng } = context;
  const unit = Math.min(W, H);
  let out = "";
  for (let index = 0; index < options.count; index++) {
    const x = rng.range(0, W);
    const y = rng.range(0, H);
    const size = rng.range(options.size[0], options.size[1]) * unit;
    const opacity = alpha(rng.range(options.opacity[0], options.opacity[1]));
    out += options.petal
      ? `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size)}" ry="${n(size * 0.55)}" fill="${options.color}" opacity="${opacity}" transform="rotate(${n(rng.range(0, 180))} ${n(x)} ${n(y)})"/>`
      : circle(x, y, size, options.color, ` opacity="${opacity}"`);
  }
  return out;
}

const studio: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const [light, dark] = rng.pick([
    ["#f6dccb", "#a8736a"],
    ["#d6e4f2", "#5f7598"],
    ["#ecdcf4", "#7c5f9e"],
    ["#dcefe3", "#5d8a74"],
    ["#f4e3c4", "#a07a48"],
    ["#3b3f5c", "#14151f"],
  ] as const);
  const side = rng.sign();
  const defs =
    radialGradient(
      "bg-studio",
      [
        [0, lighten(light, 0.25)],
        [0.45, light],
        [1, dark],
      ],
      { cx: W * (0.5 + side * 0.15), cy: H * 0.35, r: Math.max(W, H) * 0.85, userSpace: true },
    ) +
    linearGradient("bg-floor", [
      [0, dark, 0],
      [1, darken(dark, 0.35), 0.55],
    ]);
  const back = rect(0, 0, W, H, "url(#bg-studio)") + rect(0, H * 0.6, W, H * 0.4, "url(#bg-floor)");
  return {
    defs,
    back,
    front: "",
    light: {
      side,
      key: "#fff3e6",
      rim: lighten(light, 0.5),
      rimStrength: 0.45,
      shadow: darken(dark, 0.2),
      ambient: 0.1,
    },
  };
};

const cityNight: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const defs = linearGradient("bg-sky", [
    [0, "#070b1f"],
    [0.45, "#1c1a4a"],
    [0.8, "#4a2a6b"],
    [1, "#7a3a6e"],
  ]);
  const far = skyline(context, {
    baseY: 1,
    top: [0.3, 0.55],
    color: "#2a2552",
    windows: ["#ffd58a", "#9fd0ff"],
    windowChance: 0.22,
  });
  const near = skyline(context, {
    baseY: 1,
    top: [0.5, 0.75],
    color: "#15122e",
    windows: ["#ffcf7a", "#ffe3b0", "#8fc4ff"],
    windowChance: 0.3,
    widths: [0.1, 0.2],
  });
  const lights = bokeh(context, "bk-city", {
    count: 26,
    colors: ["#ffb347", "#ff6fae", "#6fd3ff", "#ffe08a"],
    radius: [0.02, 0.07],
    area: [0, 0.35, 1, 1],
    opacity: [0.3, 0.8],
  });
  const glow = bokeh(context, "bk-cityf", {
    count: 4,
    colors: ["#ffb347", "#ff6fae"],
    radius: [0.08, 0.14],
    area: [0, 0.55, 1, 1],
    opacity: [0.18, 0.32],
  });
  const stars = particles(context, {
    count: 30,
    color: "#ffffff",
    size: [0.001, 0.003],
    opacity: [0.3, 0.9],
  });
  return {
    defs: defs + lights.defs + glow.defs,
    back:
      rect(0, 0, W, H * 0.7, "url(#bg-sky)") +
      rect(0, 0, W, H, "url(#bg-sky)") +
      stars +
      far +
      near +
      lights.body,
    front: glow.body,
    light: {
      side: rng.sign(),
      key: "#b9c6ff",
      rim: "#ff8fd0",
      rimStrength: 0.75,
      shadow: "#1b1640",
      ambient: 0.22,
    },
  };
};

const beachSunset: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const horizon = H * rng.range(0.52, 0.6);
  const sunX = W * rng.range(0.15, 0.85);
  const side: 1 | -1 = sunX < W / 2 ? -1 : 1;
  const defs =
    linearGradient("bg-sky", [
      [0, "#2b2f6b"],
      [0.35, "#8c4a86"],
      [0.7, "#f07d6a"],
      [1, "#ffc987"],
    ]) +
    radialGradient(
      "bg-sun",
      [
        [0, "#fff4d0"],
        [0.12, "#ffe29a"],
        [0.3, "#ffb46b", 0.6],
        [1, "#ff8a5b", 0],
      ],
      { cx: sunX, cy: horizon, r: W * 0.6, userSpace: true },
    ) +
    linearGradient("bg-sea", [
      [0, "#e8866f"],
      [0.35, "#7a4f86"],
      [1, "#2f3470"],
    ]) +
    linearGradient("bg-sand", [
      [0, "#e9b98e"],
      [1, "#b97f5c"],
    ]);
  let sea = rect(0, horizon, W, H - horizon, "url(#bg-sea)");
  for (let index = 0; index < 26; index++) {
    const y = horizon + (index / 26) ** 1.6 * (H * 0.88 - horizon) + 2;
    const spread = W * (0.04 + index * 0.012);
    sea += rect(
      sunX - spread * rng.range(0.3, 1),
      y,
      spread * rng.range(0.6, 1.6),
      1.2 + index * 0.18,
      "#ffd9a0",
      ` opacity="${alpha(rng.range(0.35, 0.75))}"`,
    );
  }
  let clouds = "";
  for (let index = 0; index < 5; index++) {
    const cy = rng.range(0.08, 0.4) * H;
    const cx = rng.range(0, 1) * W;
    clouds += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(W * rng.range(0.12, 0.3))}" ry="${n(H * rng.range(0.008, 0.02))}" fill="${rng.pick(["#ffb199", "#e98aa0", "#ffcfa8"])}" opacity="0.55"/>`;
  }
  const sand = smoothPath(
    [
      [-10, H * 0.86, true],
      [W * 0.3, H * 0.84],
      [W * 0.7, H * 0.87],
      [W + 10, H * 0.85, true],
      [W + 10, H + 10, true],
      [-10, H + 10, true],
    ],
    true,
  );
  const palmX = side === -1 ? W * 0.92 : W * 0.08;
  const palm = `<path d="M${n(palmX)} ${n(H)} C${n(palmX - W * 0.02)} ${n(H * 0.7)} ${n(palmX + W * 0.03)} ${n(H * 0.45)} ${n(palmX + W * 0.01)} ${n(H * 0.3)}" stroke="#2a1830" stroke-width="${n(W * 0.018)}" fill="none" stroke-linecap="round"/>${[
    0, 1, 2, 3, 4, 5,
  ]
    .map((index) => {
      const angle = -2.6 + index * 0.55;
      const x2 = palmX + W * 0.01 + Math.cos(angle) * W * 0.16;
      const y2 = H * 0.3 + Math.sin(angle) * H * 0.06 + H * 0.06;
      return `<path d="M${n(palmX + W * 0.01)} ${n(H * 0.3)} Q${n((palmX + x2) / 2)} ${n(H * 0.24)} ${n(x2)} ${n(y2)}" stroke="#2a1830" stroke-width="${n(W * 0.012)}" fill="none" stroke-linecap="round"/>`;
    })
    .join("")}`;
  return {
    defs,
    back:
      rect(0, 0, W, horizon + 1, "url(#bg-sky)") +
      clouds +
      rect(0, 0, W, H, "url(#bg-sun)") +
      circle(sunX, horizon, W * 0.07, "#fff0c4") +
      sea +
      `<path d="${sand}" fill="url(#bg-sand)"/>` +
      palm,
    front: "",
    light: { side, key: "#ffc38a", rim: "#ffb067", rimStrength: 0.85, shadow: "#5a2f55", ambient: 0.25 },
  };
};

const beachDay: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const horizon = H * rng.range(0.48, 0.56);
  const defs =
    linearGradient("bg-sky", [
      [0, "#3f8fd8"],
      [0.7, "#8ccbf0"],
      [1, "#d8f0fa"],
    ]) +
    linearGradient("bg-sea", [
      [0, "#1f8fb8"],
      [0.5, "#2fc0c8"],
      [1, "#8fe3d6"],
    ]) +
    linearGradient("bg-sand", [
      [0, "#f6e0b5"],
      [1, "#e0bd8a"],
    ]) +
    radialGradient(
      "bg-sunglow",
      [
        [0, "#ffffff", 0.95],
        [0.2, "#fff8d8", 0.5],
        [1, "#fff8d8", 0],
      ],
      { cx: W * 0.85, cy: H * 0.08, r: W * 0.5, userSpace: true },
    );
  let clouds = "";
  for (let index = 0; index < 4; index++) {
    const cx = rng.range(0, W);
    const cy = rng.range(0.06, 0.3) * H;
    for (let puff = 0; puff < 4; puff++) {
      clouds += circle(
        cx + (puff - 1.5) * W * 0.045,
        cy + rng.range(-0.01, 0.01) * H,
        W * rng.range(0.035, 0.06),
        "#ffffff",
        ` opacity="0.85"`,
      );
    }
  }
  let waves = "";
  for (let index = 0; index < 14; index++) {
    const y = horizon + rng.range(0.02, 0.3) * H;
    const x = rng.range(-0.1, 1) * W;
    waves += rect(
      x,
      y,
      W * rng.range(0.08, 0.25),
      2,
      "#ffffff",
      ` opacity="${alpha(rng.range(0.3, 0.7))}" rx="1"`,
    );
  }
  const foam = smoothPath(
    [
      [-10, H * 0.8, true],
      [W * 0.25, H * 0.78],
      [W * 0.55, H * 0.81],
      [W * 0.8, H * 0.79],
      [W + 10, H * 0.8, true],
      [W + 10, H + 10, true],
      [-10, H + 10, true],
    ],
    true,
  );
  return {
    defs,
    back:
      rect(0, 0, W, horizon + 1, "url(#bg-sky)") +
      clouds +
      rect(0, horizon, W, H - horizon, "url(#bg-sea)") +
      waves +
      `<path d="${foam}" fill="#ffffff" opacity="0.8"/>` +
      `<path d="${foam}" fill="url(#bg-sand)" transform="translate(0 ${n(H * 0.015)})"/>` +
      rect(0, 0, W, H, "url(#bg-sunglow)"),
    front: "",
    light: { side: 1, key: "#fff6e0", rim: "#ffffff", rimStrength: 0.55, shadow: "#3a5a7a", ambient: 0.12 },
  };
};

const cafe: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const side = rng.sign();
  const windowX = side === 1 ? W * 0.58 : W * 0.02;
  const defs =
    linearGradient("bg-wall", [
      [0, "#5a3b2e"],
      [1, "#2e1d17"],
    ]) +
    linearGradient("bg-window", [
      [0, "#fff1d2"],
      [1, "#f4c07e"],
    ]) +
    radialGradient(
      "bg-windowglow",
      [
        [0, "#ffe2b0", 0.55],
        [1, "#ffe2b0", 0],
      ],
      { cx: windowX + W * 0.2, cy: H * 0.35, r: W * 0.7, userSpace: true },
    );
  let shelves = "";
  const shelfX = side === 1 ? W * 0.04 : W * 0.56;
  for (let row = 0; row < 3; row++) {
    const y = H * (0.22 + row * 0.14);
    shelves += rect(shelfX, y, W * 0.38, H * 0.012, "#7a5140");
    let x = shelfX + W * 0.02;
    while (x < shelfX + W * 0.34) {
      const cw = W * rng.range(0.03, 0.05);
      const ch = H * rng.range(0.035, 0.06);
      shelves += rect(
        x,
        y - ch,
        cw,
        ch,
        rng.pick(["#e8dccb", "#c9674a", "#6f8f7a", "#d8b46a", "#f3efe6"]),
        ` rx="${n(cw * 0.2)}"`,
      );
      x += cw + W * rng.range(0.01, 0.03);
    }
  }
  let lamps = "";
  for (let index = 0; index < 3; index++) {
    const x = W * (0.2 + index * 0.3 + rng.range(-0.05, 0.05));
    const y = H * rng.range(0.08, 0.16);
    lamps += `<line x1="${n(x)}" y1="0" x2="${n(x)}" y2="${n(y)}" stroke="#1c120e" stroke-width="2"/>`;
    lamps += `<path d="M${n(x - W * 0.05)} ${n(y + H * 0.035)} Q${n(x)} ${n(y - H * 0.03)} ${n(x + W * 0.05)} ${n(y + H * 0.035)} Z" fill="#1f1410"/>`;
    lamps += circle(x, y + H * 0.04, W * 0.018, "#ffe7b0");
  }
  const glow = bokeh(context, "bk-cafe", {
    count: 14,
    colors: ["#ffcf7a", "#ffe7b0", "#f7a35c"],
    radius: [0.025, 0.07],
    area: [0, 0, 1, 0.6],
    opacity: [0.3, 0.75],
  });
  let plant = "";
  const plantX = side === 1 ? W * 0.9 : W * 0.1;
  for (let leaf = 0; leaf < 9; leaf++) {
    const angle = -Math.PI / 2 + (leaf - 4) * 0.32;
    const length = H * rng.range(0.08, 0.14);
    const x2 = plantX + Math.cos(angle) * length;
    const y2 = H * 0.62 + Math.sin(angle) * length;
    plant += `<path d="M${n(plantX)} ${n(H * 0.62)} Q${n((plantX + x2) / 2 + W * 0.03)} ${n((H * 0.62 + y2) / 2)} ${n(x2)} ${n(y2)} Q${n((plantX + x2) / 2 - W * 0.02)} ${n((H * 0.62 + y2) / 2)} ${n(plantX)} ${n(H * 0.62)}Z" fill="${rng.pick(["#4f7a4a", "#5f8f58", "#3e6540"])}"/>`;
  }
  plant += `<path d="M${n(plantX - W * 0.045)} ${n(H * 0.62)} L${n(plantX + W * 0.045)} ${n(H * 0.62)} L${n(plantX + W * 0.035)} ${n(H * 0.7)} L${n(plantX - W * 0.035)} ${n(H * 0.7)}Z" fill="#b8694a"/>`;
  return {
    defs: defs + glow.defs,
    back:
      rect(0, 0, W, H, "url(#bg-wall)") +
      rect(windowX, H * 0.1, W * 0.4, H * 0.55, "url(#bg-window)") +
      rect(windowX + W * 0.195, H * 0.1, W * 0.01, H * 0.55, "#6b4636") +
      rect(windowX, H * 0.37, W * 0.4, H * 0.01, "#6b4636") +
      rect(
        windowX - W * 0.01,
        H * 0.1,
        W * 0.42,
        H * 0.55,
        "none",
        ` stroke="#6b4636" stroke-width="${n(W * 0.015)}"`,
      ) +
      shelves +
      plant +
      rect(0, H * 0.7, W, H * 0.3, "#3a2620") +
      rect(0, H * 0.7, W, H * 0.012, "#8a5e46") +
      rect(0, 0, W, H, "url(#bg-windowglow)") +
      lamps +
      glow.body,
    front: "",
    light: { side, key: "#ffd9a0", rim: "#ffe3b8", rimStrength: 0.7, shadow: "#3a2418", ambient: 0.18 },
  };
};

const forest: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const side = rng.sign();
  const defs =
    linearGradient("bg-forest", [
      [0, "#e4f2cf"],
      [0.35, "#8fb889"],
      [0.75, "#3f6b4f"],
      [1, "#23402f"],
    ]) +
    linearGradient(
      "bg-ray",
      [
        [0, "#fffbe0", 0.45],
        [1, "#fffbe0", 0],
      ],
      [0, 0],
      [0, 1],
    );
  let trees = "";
  const layers: readonly (readonly [string, number, number])[] = [
    ["#a9c7a0", 0.02, 0.04],
    ["#6f9a74", 0.035, 0.06],
    ["#3c6448", 0.05, 0.09],
    ["#24402f", 0.07, 0.12],
  ];
  for (const [color, w0, w1] of layers) {
    let x = rng.range(-0.1, 0.05) * W;
    while (x < W) {
      const tw = rng.range(w0, w1) * W;
      trees += `<path d="M${n(x)} ${n(H + 5)} L${n(x + tw * 0.18)} -5 L${n(x + tw * 0.82)} -5 L${n(x + tw)} ${n(H + 5)}Z" fill="${color}"/>`;
      x += tw + rng.range(0.08, 0.3) * W;
    }
  }
  let rays = "";
  const originX = side === 1 ? W * 1.05 : -W * 0.05;
  for (let index = 0; index < 5; index++) {
    const spread = rng.range(0.05, 0.12) * W;
    const endX = originX - side * rng.range(0.3, 1.1) * W;
    rays += `<path d="M${n(originX)} ${n(-H * 0.05)} L${n(endX - spread)} ${n(H)} L${n(endX + spread)} ${n(H)}Z" fill="url(#bg-ray)" opacity="${alpha(rng.range(0.35, 0.7))}"/>`;
  }
  let ferns = "";
  for (let index = 0; index < 12; index++) {
    const x = rng.range(0, W);
    const h = H * rng.range(0.08, 0.18);
    ferns += `<ellipse cx="${n(x)}" cy="${n(H)}" rx="${n(W * rng.range(0.06, 0.14))}" ry="${n(h)}" fill="${rng.pick(["#2f5a3a", "#3d6e45", "#22452e"])}"/>`;
  }
  const flies = bokeh(context, "bk-forest", {
    count: 16,
    colors: ["#fff6b0", "#e8ffb0"],
    radius: [0.008, 0.025],
    opacity: [0.5, 0.95],
  });
  return {
    defs: defs + flies.defs,
    back: rect(0, 0, W, H, "url(#bg-forest)") + trees + rays + ferns + flies.body,
    front: "",
    light: { side, key: "#fff2c4", rim: "#f2ffc0", rimStrength: 0.6, shadow: "#1c3324", ambient: 0.16 },
  };
};

const neonStreet: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const [neonA, neonB] = rng.pick([
    ["#ff3fa4", "#33e1ff"],
    ["#a66bff", "#ff5f7a"],
    ["#33e1ff", "#ffb13f"],
  ] as const);
  const defs =
    linearGradient("bg-night", [
      [0, "#0a0818"],
      [0.7, "#1c1036"],
      [1, "#2a1440"],
    ]) +
    linearGradient("bg-wet", [
      [0, "#2a1440"],
      [1, "#0a0818"],
    ]);
  let facades = "";
  let x = -W * 0.05;
  while (x < W) {
    const fw = rng.range(0.18, 0.34) * W;
    facades += rect(x, H * rng.range(0.0, 0.15), fw - 3, H, rng.pick(["#150f2a", "#1b1233", "#120c22"]));
    x += fw;
  }
  let signs = "";
  for (let index = 0; index < 7; index++) {
    const color = index % 2 ? neonA : neonB;
    const sx = rng.range(0, 0.9) * W;
    const sy = rng.range(0.05, 0.6) * H;
    const vertical = rng.chance(0.5);
    const sw = vertical ? W * 0.06 : W * rng.range(0.14, 0.26);
    const sh = vertical ? H * rng.range(0.16, 0.3) : H * 0.05;
    const stroke = Math.max(2, W * 0.006);
    signs += rect(
      sx,
      sy,
      sw,
      sh,
      "none",
      ` rx="${n(W * 0.012)}" stroke="${color}" stroke-width="${n(stroke * 5)}" opacity="0.18"`,
    );
    signs += rect(
      sx,
      sy,
      sw,
      sh,
      "none",
      ` rx="${n(W * 0.012)}" stroke="${lighten(color, 0.35)}" stroke-width="${n(stroke)}"`,
    );
    // simple neon icons (heart, ring, diamond), never letters
    const icon = rng.int(0, 2);
    const ix = sx + sw / 2;
    const iy = sy + sh / 2;
    const size = Math.min(sw, sh) * 0.28;
    const iconStroke = `stroke="${lighten(color, 0.55)}" stroke-width="${n(stroke)}" fill="none" stroke-linejoin="round"`;
    if (icon === 0) {
      signs += `<path d="M${n(ix)} ${n(iy + size)} C${n(ix - size * 2)} ${n(iy - size * 0.4)} ${n(ix - size * 0.6)} ${n(iy - size * 1.6)} ${n(ix)} ${n(iy - size * 0.5)} C${n(ix + size * 0.6)} ${n(iy - size * 1.6)} ${n(ix + size * 2)} ${n(iy - size * 0.4)} ${n(ix)} ${n(iy + size)}Z" ${iconStroke}/>`;
    } else if (icon === 1) {
      signs += `<circle cx="${n(ix)}" cy="${n(iy)}" r="${n(size)}" ${iconStroke}/>`;
    } else {
      signs += `<path d="M${n(ix)} ${n(iy - size)} L${n(ix + size)} ${n(iy)} L${n(ix)} ${n(iy + size)} L${n(ix - size)} ${n(iy)}Z" ${iconStroke}/>`;
    }
  }
  let reflections = "";
  for (let index = 0; index < 16; index++) {
    reflections += rect(
      rng.range(0, W),
      H * 0.78,
      W * rng.range(0.01, 0.04),
      H * rng.range(0.08, 0.22),
      rng.pick([neonA, neonB]),
      ` opacity="${alpha(rng.range(0.15, 0.4))}"`,
    );
  }
  const lights = bokeh(context, "bk-neon", {
    count: 18,
    colors: [neonA, neonB, "#ffd27a"],
    radius: [0.02, 0.06],
    opacity: [0.25, 0.7],
  });
  return {
    defs: defs + lights.defs,
    back:
      rect(0, 0, W, H, "url(#bg-night)") +
      facades +
      signs +
      rect(0, H * 0.78, W, H * 0.22, "url(#bg-wet)") +
      reflections +
      lights.body,
    front: "",
    light: {
      side: rng.sign(),
      key: lighten(neonA, 0.4),
      rim: neonB,
      rimStrength: 0.95,
      shadow: "#160c30",
      ambient: 0.3,
    },
  };
};

const library: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const side = rng.sign();
  const defs =
    linearGradient("bg-wood", [
      [0, "#3b2418"],
      [1, "#1f130d"],
    ]) +
    radialGradient(
      "bg-lamp",
      [
        [0, "#ffdca0", 0.7],
        [0.4, "#ffb866", 0.25],
        [1, "#ffb866", 0],
      ],
      { cx: side === 1 ? W * 0.85 : W * 0.15, cy: H * 0.3, r: W * 0.8, userSpace: true },
    );
  let books = "";
  const palette = [
    "#7a2e2e",
    "#2e4a7a",
    "#3d6b4a",
    "#b08a3e",
    "#5a3d6b",
    "#8a5a3d",
    "#2f5f66",
    "#a0473a",
    "#d8c8a0",
  ];
  const rowHeight = H * 0.17;
  for (let row = 0; row < 6; row++) {
    const base = H * 0.08 + (row + 1) * rowHeight;
    books += rect(0, base, W, H * 0.018, "#5a3826");
    let x = rng.range(0, 0.02) * W;
    while (x < W) {
      const bw = W * rng.range(0.014, 0.032);
      const bh = rowHeight * rng.range(0.62, 0.9);
      if (rng.chance(0.06)) {
        x += bw * 2;
        continue;
      }
      const color = rng.pick(palette);
      books += rect(x, base - bh, bw - 1, bh, color);
      books += rect(x, base - bh * 0.8, bw - 1, bh * 0.05, lighten(color, 0.3), ` opacity="0.6"`);
      x += bw;
    }
  }
  const dust = bokeh(context, "bk-lib", {
    count: 10,
    colors: ["#ffd89a"],
    radius: [0.01, 0.03],
    opacity: [0.3, 0.7],
  });
  return {
    defs: defs + dust.defs,
    back: rect(0, 0, W, H, "url(#bg-wood)") + books + rect(0, 0, W, H, "url(#bg-lamp)") + dust.body,
    front: "",
    light: { side, key: "#ffd8a0", rim: "#ffcf8a", rimStrength: 0.65, shadow: "#2a1a10", ambient: 0.2 },
  };
};

const rooftop: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const defs = linearGradient("bg-dusk", [
    [0, "#1b2552"],
    [0.45, "#5b4a8a"],
    [0.75, "#e0879a"],
    [1, "#ffc08a"],
  ]);
  const city = skyline(context, {
    baseY: 1,
    top: [0.55, 0.75],
    color: "#2a2048",
    windows: ["#ffd27a", "#ffe9b8"],
    windowChance: 0.25,
    widths: [0.05, 0.11],
  });
  let strings = "";
  for (let line = 0; line < 2; line++) {
    const y0 = H * (0.05 + line * 0.12);
    const y1 = H * (0.12 + line * 0.08);
    const sag = H * 0.1;
    strings += `<path d="M-5 ${n(y0)} Q${n(W / 2)} ${n((y0 + y1) / 2 + sag * 2)} ${n(W + 5)} ${n(y1)}" stroke="#1a1430" stroke-width="1.5" fill="none"/>`;
    for (let bulb = 1; bulb < 12; bulb++) {
      const t = bulb / 12;
      const x = -5 + (W + 10) * t;
      const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * ((y0 + y1) / 2 + sag * 2) + t ** 2 * y1;
      strings += circle(x, y + 4, W * 0.022, "url(#bk-bulb)");
      strings += circle(x, y + 4, W * 0.006, "#fff2c8");
    }
  }
  const railY = H * 0.78;
  let rail = rect(0, railY, W, H * 0.012, "#1a1430");
  for (let post = 0; post < 9; post++) rail += rect((post / 8) * W - 2, railY, 4, H, "#1a1430");
  rail += rect(0, railY + H * 0.09, W, H * 0.008, "#1a1430");
  return {
    defs:
      defs +
      radialGradient("bk-bulb", [
        [0, "#ffe9a8", 0.9],
        [0.4, "#ffc86b", 0.35],
        [1, "#ffc86b", 0],
      ]),
    back: rect(0, 0, W, H, "url(#bg-dusk)") + city + strings + rail,
    front: "",
    light: {
      side: rng.sign(),
      key: "#ffc9a0",
      rim: "#ffd27a",
      rimStrength: 0.7,
      shadow: "#2a2350",
      ambient: 0.2,
    },
  };
};

const snowyCabin: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const side = rng.sign();
  const defs =
    linearGradient("bg-twilight", [
      [0, "#1a2747"],
      [0.55, "#4d6a9a"],
      [1, "#a9c0dc"],
    ]) +
    linearGradient("bg-snow", [
      [0, "#e9f1fb"],
      [1, "#b8c9e0"],
    ]) +
    radialGradient(
      "bg-cabinglow",
      [
        [0, "#ffc870", 0.75],
        [1, "#ffc870", 0],
      ],
      { cx: side === 1 ? W * 0.78 : W * 0.22, cy: H * 0.55, r: W * 0.35, userSpace: true },
    );
  let trees = "";
  for (let index = 0; index < 9; index++) {
    const x = rng.range(-0.05, 1.05) * W;
    const base = H * rng.range(0.6, 0.72);
    const th = H * rng.range(0.2, 0.38);
    const tw = th * 0.45;
    const color = rng.pick(["#1f3b4d", "#27475a", "#1a3142"]);
    for (let tier = 0; tier < 3; tier++) {
      const top = base - th + tier * th * 0.25;
      const bottom = base - th * 0.55 + tier * th * 0.25 + th * 0.2;
      const half = tw * (0.45 + tier * 0.28);
      trees += `<path d="M${n(x)} ${n(top)} L${n(x + half)} ${n(bottom)} L${n(x - half)} ${n(bottom)}Z" fill="${color}"/>`;
      trees += `<path d="M${n(x)} ${n(top)} L${n(x + half * 0.35)} ${n(top + (bottom - top) * 0.35)} L${n(x - half * 0.35)} ${n(top + (bottom - top) * 0.35)}Z" fill="#eef4fb"/>`;
    }
  }
  const cabinX = side === 1 ? W * 0.62 : W * 0.06;
  const cabinW = W * 0.32;
  const cabinTop = H * 0.5;
  const cabin =
    rect(cabinX, cabinTop, cabinW, H * 0.2, "#4a2f26") +
    `<path d="M${n(cabinX - W * 0.03)} ${n(cabinTop + 2)} L${n(cabinX + cabinW / 2)} ${n(cabinTop - H * 0.1)} L${n(cabinX + cabinW + W * 0.03)} ${n(cabinTop + 2)}Z" fill="#f1f6fc"/>` +
    rect(cabinX + cabinW * 0.2, cabinTop + H * 0.05, cabinW * 0.25, H * 0.07, "#ffcf7a") +
    rect(cabinX + cabinW * 0.58, cabinTop + H * 0.05, cabinW * 0.25, H * 0.07, "#ffcf7a");
  const hills = smoothPath(
    [
      [-10, H * 0.68, true],
      [W * 0.3, H * 0.65],
      [W * 0.65, H * 0.7],
      [W + 10, H * 0.66, true],
      [W + 10, H + 10, true],
      [-10, H + 10, true],
    ],
    true,
  );
  const snow = particles(context, {
    count: 70,
    color: "#ffffff",
    size: [0.003, 0.008],
    opacity: [0.5, 0.95],
  });
  const flakes = particles(context, {
    count: 14,
    color: "#ffffff",
    size: [0.008, 0.014],
    opacity: [0.5, 0.85],
  });
  return {
    defs,
    back:
      rect(0, 0, W, H, "url(#bg-twilight)") +
      trees +
      cabin +
      `<path d="${hills}" fill="url(#bg-snow)"/>` +
      rect(0, 0, W, H, "url(#bg-cabinglow)") +
      snow,
    front: flakes,
    light: { side, key: "#dbe6ff", rim: "#ffcf8a", rimStrength: 0.6, shadow: "#1d2a48", ambient: 0.18 },
  };
};

const garden: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const defs =
    linearGradient("bg-day", [
      [0, "#bfe3f5"],
      [0.6, "#eaf6e9"],
      [1, "#cfe6b8"],
    ]) +
    radialGradient(
      "bg-sunlight",
      [
        [0, "#fffbe6", 0.85],
        [1, "#fffbe6", 0],
      ],
      { cx: W * 0.2, cy: H * 0.05, r: W * 0.7, userSpace: true },
    );
  let hedges = "";
  for (let index = 0; index < 26; index++) {
    hedges += circle(
      rng.range(-0.05, 1.05) * W,
      H * rng.range(0.5, 0.8),
      W * rng.range(0.08, 0.16),
      rng.pick(["#6f9f5a", "#5a8c4c", "#7fb067", "#4d7a43"]),
    );
  }
  let flowers = "";
  for (let index = 0; index < 90; index++) {
    const x = rng.range(0, W);
    const y = H * rng.range(0.45, 1);
    const r = W * rng.range(0.006, 0.014) * (0.6 + (y / H) * 0.6);
    const color = rng.pick(["#ffffff", "#ffd1e0", "#ff9fbf", "#ffe07a", "#f6b3ff", "#ff8f6b"]);
    flowers += circle(x, y, r, color) + circle(x, y, r * 0.35, "#ffd54a");
  }
  const light = bokeh(context, "bk-garden", {
    count: 10,
    colors: ["#fffbe0", "#ffe9f0"],
    radius: [0.02, 0.05],
    area: [0, 0, 1, 0.5],
    opacity: [0.3, 0.7],
  });
  return {
    defs: defs + light.defs,
    back:
      rect(0, 0, W, H, "url(#bg-day)") +
      hedges +
      flowers +
      rect(0, 0, W, H, "url(#bg-sunlight)") +
      light.body,
    front: "",
    light: { side: -1, key: "#fff6dc", rim: "#fffbe8", rimStrength: 0.5, shadow: "#3d5a40", ambient: 0.1 },
  };
};

const sakura: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const side = rng.sign();
  const defs = linearGradient("bg-blossom", [
    [0, "#ffe3ef"],
    [0.6, "#f3d3ea"],
    [1, "#d9c6ee"],
  ]);
  let branches = "";
  let blossoms = "";
  for (let index = 0; index < 4; index++) {
    const fromLeft = index % 2 === 0;
    const x0 = fromLeft ? -10 : W + 10;
    const y0 = H * rng.range(0.05, 0.45);
    const x1 = fromLeft ? W * rng.range(0.25, 0.5) : W * rng.range(0.5, 0.75);
    const y1 = y0 + H * rng.range(-0.1, 0.08);
    const mx = (x0 + x1) / 2;
    const my = Math.min(y0, y1) - H * 0.05;
    branches += `<path d="M${n(x0)} ${n(y0)} Q${n(mx)} ${n(my)} ${n(x1)} ${n(y1)}" stroke="#5a3a40" stroke-width="${n(W * 0.012)}" fill="none" stroke-linecap="round"/>`;
    for (let cluster = 0; cluster < 14; cluster++) {
      const t = rng.range(0.15, 1);
      const bx = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * mx + t ** 2 * x1 + rng.range(-0.04, 0.04) * W;
      const by = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * my + t ** 2 * y1 + rng.range(-0.03, 0.03) * H;
      blossoms += circle(
        bx,
        by,
        W * rng.range(0.018, 0.035),
        rng.pick(["#ffb7d0", "#ffc9dc", "#ff9dbe", "#ffe0ec"]),
      );
    }
  }
  const petals = particles(context, {
    count: 40,
    color: "#ffafcb",
    size: [0.006, 0.012],
    opacity: [0.6, 0.95],
    petal: true,
  });
  const frontPetals = particles(context, {
    count: 8,
    color: "#ff9dbe",
    size: [0.01, 0.016],
    opacity: [0.7, 0.95],
    petal: true,
  });
  return {
    defs,
    back: rect(0, 0, W, H, "url(#bg-blossom)") + branches + blossoms + petals,
    front: frontPetals,
    light: { side, key: "#fff0f6", rim: "#ffd3e6", rimStrength: 0.55, shadow: "#6a4a6a", ambient: 0.12 },
  };
};

/** Sky colours (top to horizon), the light on the figure, and whether lamps and windows glow. */
const SKIES: Record<TimeOfDay, { sky: readonly string[]; light: Lighting; lamps: boolean }> = {
  day: {
    sky: ["#3f8fd8", "#7fbfea", "#cfe9f6"],
    light: { side: 1, key: "#fff6e0", rim: "#ffffff", rimStrength: 0.5, shadow: "#4a5a72", ambient: 0.1 },
    lamps: false,
  },
  sunset: {
    sky: ["#2b2f6b", "#8c4a86", "#f07d6a", "#ffc987"],
    light: { side: -1, key: "#ffc38a", rim: "#ffb067", rimStrength: 0.8, shadow: "#5a2f55", ambient: 0.22 },
    lamps: true,
  },
  night: {
    sky: ["#050818", "#121a3f", "#2a2a5a"],
    light: { side: 1, key: "#ffd9a0", rim: "#9fb8ff", rimStrength: 0.6, shadow: "#141a38", ambient: 0.28 },
    lamps: true,
  },
};

function skyGradient(id: string, time: TimeOfDay): string {
  const colors = SKIES[time].sky;
  return linearGradient(
    id,
    colors.map((color, index) => [index / (colors.length - 1), color] as const),
  );
}

function stars(context: SceneContext, bottom: number): string {
  const { width: W, height: H, rng } = context;
  let out = "";
  for (let index = 0; index < 40; index++) {
    out += circle(
      rng.range(0, W),
      rng.range(0, bottom) * H,
      rng.range(0.6, 1.6),
      "#ffffff",
      ` opacity="${alpha(rng.range(0.4, 0.95))}"`,
    );
  }
  return out + circle(W * rng.range(0.65, 0.9), H * rng.range(0.08, 0.16), Math.min(W, H) * 0.045, "#f4f1dc");
}

/** An old stone bridge over a river, statues on its parapet, a gate tower and spires behind. */
const bridge: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const time = context.time ?? "day";
  const sky = SKIES[time];
  const night = time === "night";
  const stone = night ? "#3a3850" : time === "sunset" ? "#7a5a6a" : "#9a8c7e";
  const far = night ? "#1f2245" : time === "sunset" ? "#5a3a6a" : "#8aa0b8";
  const deckY = H * 0.74;
  const river = H * 0.6;
  const defs =
    skyGradient("bg-bridge-sky", time) +
    linearGradient("bg-river", [
      [0, night ? "#1a2050" : time === "sunset" ? "#c0707a" : "#5a8ab0"],
      [1, night ? "#0a0c20" : time === "sunset" ? "#4a2f5a" : "#2f5a7a"],
    ]) +
    radialGradient("bg-lamp", [
      [0, "#ffe2a0", 0.9],
      [0.35, "#ffc86b", 0.35],
      [1, "#ffc86b", 0],
    ]);
  // the old town across the river: roofs, spires and a castle on the hill
  let town = `<path d="M0 ${n(river)} L0 ${n(H * 0.46)} Q${n(W * 0.3)} ${n(H * 0.36)} ${n(W * 0.6)} ${n(H * 0.42)} T${n(W)} ${n(H * 0.44)} L${n(W)} ${n(river)} Z" fill="${darken(far, 0.1)}"/>`;
  let x = 0;
  while (x < W) {
    const bw = W * rng.range(0.05, 0.1);
    const top = H * rng.range(0.45, 0.53);
    town += rect(x, top, bw - 1, river - top, far);
    town += `<path d="M${n(x - 2)} ${n(top)} L${n(x + bw / 2)} ${n(top - H * 0.03)} L${n(x + bw + 1)} ${n(top)} Z" fill="${darken(far, 0.2)}"/>`;
    if (rng.chance(0.3)) {
      const sx = x + bw / 2;
      town += rect(sx - W * 0.012, top - H * 0.1, W * 0.024, H * 0.1, far);
      town += `<path d="M${n(sx - W * 0.016)} ${n(top - H * 0.1)} L${n(sx)} ${n(top - H * 0.19)} L${n(sx + W * 0.016)} ${n(top - H * 0.1)} Z" fill="${darken(far, 0.25)}"/>`;
    }
    if (sky.lamps) {
      for (let lit = 0; lit < 3; lit++) {
        if (rng.chance(0.5))
          town += rect(
            x + bw * rng.range(0.15, 0.75),
            top + H * rng.range(0.015, 0.07),
            W * 0.008,
            H * 0.012,
            "#ffd58a",
            ` opacity="${alpha(rng.range(0.5, 1))}"`,
          );
      }
    }
    x += bw;
  }
  let ripples = "";
  for (let index = 0; index < 16; index++) {
    ripples += rect(
      rng.range(-0.1, 1) * W,
      river + rng.range(0.01, 0.14) * H,
      W * rng.range(0.05, 0.18),
      2,
      night ? "#ffd58a" : "#ffffff",
      ` opacity="${alpha(rng.range(0.15, 0.45))}" rx="1"`,
    );
  }
  // the bridge: arches over the water, the deck, the parapet with statues and lamps
  let arches = "";
  for (let index = 0; index < 4; index++) {
    const ax = (index + 0.5) * (W / 4);
    arches += `<path d="M${n(ax - W * 0.1)} ${n(H * 0.9)} Q${n(ax)} ${n(H * 0.8)} ${n(ax + W * 0.1)} ${n(H * 0.9)} Z" fill="${darken(stone, 0.45)}"/>`;
  }
  const deck =
    rect(0, deckY, W, H - deckY, stone) + arches + rect(0, deckY, W, H * 0.02, lighten(stone, 0.15));
  let parapet = rect(0, deckY - H * 0.05, W, H * 0.05, darken(stone, 0.1));
  const tower = rng.sign();
  const tx = tower === 1 ? W * 0.88 : W * 0.12;
  parapet += rect(tx - W * 0.08, H * 0.3, W * 0.16, deckY - H * 0.3, darken(stone, 0.2));
  parapet += `<path d="M${n(tx - W * 0.1)} ${n(H * 0.3)} L${n(tx)} ${n(H * 0.16)} L${n(tx + W * 0.1)} ${n(H * 0.3)} Z" fill="${darken(stone, 0.45)}"/>`;
  parapet += `<path d="M${n(tx - W * 0.04)} ${n(deckY)} L${n(tx - W * 0.04)} ${n(deckY - H * 0.12)} Q${n(tx)} ${n(deckY - H * 0.17)} ${n(tx + W * 0.04)} ${n(deckY - H * 0.12)} L${n(tx + W * 0.04)} ${n(deckY)} Z" fill="${darken(stone, 0.55)}"/>`;
  for (let index = 0; index < 3; index++) {
    const sx = (index + 0.5) * (W / 3) + rng.range(-0.04, 0.04) * W;
    if (Math.abs(sx - tx) < W * 0.14) continue;
    const base = deckY - H * 0.05;
    parapet += rect(sx - W * 0.025, base - H * 0.04, W * 0.05, H * 0.04, darken(stone, 0.3));
    parapet += `<path d="M${n(sx - W * 0.018)} ${n(base - H * 0.04)} L${n(sx - W * 0.012)} ${n(base - H * 0.13)} Q${n(sx)} ${n(base - H * 0.16)} ${n(sx + W * 0.012)} ${n(base - H * 0.13)} L${n(sx + W * 0.018)} ${n(base - H * 0.04)} Z" fill="${darken(stone, 0.5)}"/>`;
    parapet += circle(sx, base - H * 0.165, W * 0.014, darken(stone, 0.5));
  }
  for (let index = 0; index < 2; index++) {
    const lx = (index === 0 ? 0.3 : 0.7) * W;
    parapet += rect(lx - 2, deckY - H * 0.2, 4, H * 0.15, "#1a1a20");
    parapet += rect(
      lx - W * 0.012,
      deckY - H * 0.215,
      W * 0.024,
      H * 0.02,
      sky.lamps ? "#ffe2a0" : "#2a2a30",
    );
    if (sky.lamps) parapet += circle(lx, deckY - H * 0.205, W * 0.09, "url(#bg-lamp)");
  }
  return {
    defs,
    back:
      rect(0, 0, W, river + 1, "url(#bg-bridge-sky)") +
      (night ? stars(context, 0.4) : "") +
      town +
      rect(0, river, W, H - river, "url(#bg-river)") +
      ripples +
      parapet +
      deck,
    front: "",
    light: { ...sky.light, side: tower === 1 ? -1 : 1 },
  };
};

/** A bedroom: a window showing the time of day, the bed's headboard and pillows, a bedside lamp. */
const bedroom: SceneBuilder = (context) => {
  const { width: W, height: H, rng } = context;
  const time = context.time ?? rng.pick(["day", "sunset", "night"] as const);
  const night = time === "night";
  const wall = rng.pick(["#e8d8c8", "#d8c8e0", "#c8d8d0", "#e8c8c0"]);
  const side = rng.sign();
  const wx = side === 1 ? W * 0.06 : W * 0.56;
  const defs =
    skyGradient("bg-window", time) +
    linearGradient("bg-wall", [
      [0, night ? darken(wall, 0.55) : wall],
      [1, darken(wall, night ? 0.7 : 0.25)],
    ]) +
    radialGradient(
      "bg-bedlamp",
      [
        [0, "#ffe2a0", night ? 0.85 : 0.5],
        [0.4, "#ffc86b", night ? 0.35 : 0.15],
        [1, "#ffc86b", 0],
      ],
      { cx: side === 1 ? W * 0.86 : W * 0.14, cy: H * 0.5, r: W * 0.6, userSpace: true },
    );
  const pane =
    rect(wx, H * 0.1, W * 0.38, H * 0.34, "url(#bg-window)") +
    (night ? circle(wx + W * 0.28, H * 0.18, W * 0.035, "#f4f1dc") : "") +
    rect(wx + W * 0.185, H * 0.1, W * 0.01, H * 0.34, "#f4efe8") +
    rect(wx, H * 0.265, W * 0.38, H * 0.01, "#f4efe8") +
    `<rect x="${n(wx)}" y="${n(H * 0.1)}" width="${n(W * 0.38)}" height="${n(H * 0.34)}" fill="none" stroke="#f4efe8" stroke-width="${n(W * 0.014)}"/>` +
    rect(
      wx - W * 0.04,
      H * 0.07,
      W * 0.08,
      H * 0.42,
      rng.pick(["#b8485a", "#5a7a9a", "#c8a860"]),
      ` opacity="0.9"`,
    ) +
    rect(
      wx + W * 0.34,
      H * 0.07,
      W * 0.08,
      H * 0.42,
      rng.pick(["#b8485a", "#5a7a9a", "#c8a860"]),
      ` opacity="0.9"`,
    );
  const headboard = rng.pick(["#6b4a3a", "#3a4a6b", "#8a6a8a", "#4a5a4a"]);
  const bed =
    `<rect x="${n(W * 0.02)}" y="${n(H * 0.56)}" width="${n(W * 0.96)}" height="${n(H * 0.5)}" rx="${n(W * 0.04)}" fill="${headboard}"/>` +
    `<ellipse cx="${n(W * 0.28)}" cy="${n(H * 0.76)}" rx="${n(W * 0.2)}" ry="${n(H * 0.07)}" fill="#f4efe8"/>` +
    `<ellipse cx="${n(W * 0.72)}" cy="${n(H * 0.76)}" rx="${n(W * 0.2)}" ry="${n(H * 0.07)}" fill="#ece4da"/>` +
    rect(0, H * 0.84, W, H * 0.16, rng.pick(["#d8c0c8", "#c0c8d8", "#e8dcc8"]));
  const lx = side === 1 ? W * 0.86 : W * 0.14;
  const lamp =
    `<path d="M${n(lx - W * 0.06)} ${n(H * 0.5)} L${n(lx + W * 0.06)} ${n(H * 0.5)} L${n(lx + W * 0.04)} ${n(H * 0.42)} L${n(lx - W * 0.04)} ${n(H * 0.42)} Z" fill="#f4e0b8"/>` +
    rect(lx - 2, H * 0.5, 4, H * 0.06, "#3a3030");
  return {
    defs,
    back: rect(0, 0, W, H, "url(#bg-wall)") + pane + rect(0, 0, W, H, "url(#bg-bedlamp)") + lamp + bed,
    front: "",
    light: {
      side: side === 1 ? 1 : -1,
      key: "#ffd8a8",
      rim: night ? "#9fb8ff" : "#fff0d8",
      rimStrength: 0.5,
      shadow: night ? "#1a1a30" : "#5a4a50",
      ambient: night ? 0.25 : 0.14,
    },
  };
};

const BUILDERS: Record<SceneId, SceneBuilder> = {
  studio,
  city_night: cityNight,
  beach_sunset: beachSunset,
  beach_day: beachDay,
  cafe,
  forest,
  neon_street: neonStreet,
  library,
  rooftop,
  snowy_cabin: snowyCabin,
  garden,
  sakura,
  bridge,
  bedroom,
};

/**
 * An outdoor scene drawn at another time of day than asked: the sky and everything in it shifted
 * towards the asked light (dark blue with stars and a moon at night, warm at sunset, bright by day).
 */
function regrade(layer: SceneLayer, time: TimeOfDay, context: SceneContext): SceneLayer {
  const { width: W, height: H } = context;
  const overlays: Record<TimeOfDay, string> = {
    night: linearGradient("bg-grade", [
      [0, "#050818", 0.82],
      [1, "#0a0f2a", 0.6],
    ]),
    sunset: linearGradient("bg-grade", [
      [0, "#5a2f7a", 0.45],
      [0.6, "#f07d6a", 0.35],
      [1, "#ffc987", 0.3],
    ]),
    day: linearGradient("bg-grade", [
      [0, "#cfe9ff", 0.55],
      [1, "#ffffff", 0.2],
    ]),
  };
  return {
    defs: layer.defs + overlays[time],
    back: layer.back + rect(0, 0, W, H, "url(#bg-grade)") + (time === "night" ? stars(context, 0.35) : ""),
    front: layer.front,
    light: { ...SKIES[time].light, side: layer.light.side },
  };
}

/** The time of day a scene is drawn at by itself; null for indoor scenes, which keep their light. */
export const SCENE_TIMES: Record<SceneId, TimeOfDay | null> = {
  studio: null,
  city_night: "night",
  beach_sunset: "sunset",
  beach_day: "day",
  cafe: null,
  forest: "day",
  neon_street: "night",
  library: null,
  rooftop: "sunset",
  snowy_cabin: "day",
  garden: "day",
  sakura: "day",
  // drawn at the asked time
  bridge: null,
  bedroom: null,
};

export function buildScene(scene: SceneId, context: SceneContext): SceneLayer {
  const drawn = BUILDERS[scene](context);
  const natural = SCENE_TIMES[scene];
  const layer =
    context.time && natural && natural !== context.time ? regrade(drawn, context.time, context) : drawn;
  if (!context.anime) return layer;
  // anime scenes: the same places, a touch brighter and more saturated
  return {
    ...layer,
    light: { ...layer.light, rim: saturate(layer.light.rim, 0.2), key: mix(layer.light.key, "#ffffff", 0.2) },
  };
}
