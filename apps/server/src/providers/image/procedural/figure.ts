import type { Rng } from "../../../lib/seeded-random.ts";
import { darken, lighten, luminance, mix, parseHex, saturate } from "./color.ts";
import { hairHighlight, hairShapes } from "./hair.ts";
import { alpha, linearGradient, mirrored, n, type OutlinePoint, radialGradient, smoothPath } from "./svg.ts";
import type { ArtStyle, CharacterLook, Lighting, OutfitStyle, Pose } from "./types.ts";

/**
 * The figure is drawn in its own coordinate system: the head is 200 units wide, centred on
 * (0, 0), y grows downwards, the chin is at about y = 140 and the torso runs off the bottom.
 */

export interface Proportions {
  top: number;
  face: OutlinePoint[];
  eyeX: number;
  eyeY: number;
  browY: number;
  noseY: number;
  mouthY: number;
  earX: number;
  earY: number;
  neck: number;
  shoulder: number;
  hairline: number;
}

function proportions(anime: boolean, feminine: boolean): Proportions {
  if (anime) {
    return {
      top: -160,
      face: feminine
        ? [
            [0, -160],
            [72, -150],
            [104, -100],
            [108, -30],
            [104, 24],
            [90, 66],
            [60, 106],
            [26, 134],
            [0, 145],
          ]
        : [
            [0, -160],
            [72, -150],
            [106, -100],
            [110, -30],
            [108, 30],
            [98, 74],
            [72, 112],
            [34, 138],
            [0, 146],
          ],
      eyeX: 44,
      eyeY: 24,
      browY: feminine ? -24 : -20,
      noseY: 70,
      mouthY: 104,
      earX: 104,
      earY: 30,
      neck: feminine ? 27 : 38,
      shoulder: feminine ? 178 : 224,
      hairline: -98,
    };
  }
  return {
    top: -150,
    face: feminine
      ? [
          [0, -150],
          [64, -140],
          [97, -92],
          [101, -30],
          [97, 30],
          [85, 78],
          [60, 116],
          [28, 136],
          [0, 141],
        ]
      : [
          [0, -152],
          [68, -142],
          [102, -92],
          [106, -30],
          [104, 32],
          [98, 82],
          [80, 118],
          [44, 138],
          [0, 143],
        ],
    eyeX: 40,
    eyeY: -2,
    browY: -30,
    noseY: 60,
    mouthY: feminine ? 96 : 99,
    earX: 100,
    earY: 14,
    neck: feminine ? 35 : 48,
    shoulder: feminine ? 192 : 236,
    hairline: -100,
  };
}

export interface FigureContext {
  look: CharacterLook;
  style: ArtStyle;
  light: Lighting;
  pose: Pose;
  rng: Rng;
}

interface Palette {
  skin: string;
  skinShadow: string;
  skinDeep: string;
  skinLight: string;
  blush: string;
  lips: string;
  hair: string;
  hairDark: string;
  hairLight: string;
  hairLine: string;
  eyes: string;
  primary: string;
  primaryDark: string;
  primaryLight: string;
  secondary: string;
  secondaryDark: string;
  accent: string;
  line: string;
}

function palette(context: FigureContext): Palette {
  const { look, light, style } = context;
  const anime = style === "anime";
  const pop = (color: string): string => (anime ? saturate(color, 0.15) : color);
  const skin = anime ? lighten(pop(look.skin), 0.06) : look.skin;
  const hair = pop(look.hair.color);
  const dark = luminance(hair) < 0.18;
  const primary = pop(look.outfit.primary);
  const secondary = pop(look.outfit.secondary);
  const feminine = look.build === "feminine";
  return {
    skin,
    skinShadow: mix(darken(skin, 0.14), light.shadow, 0.16),
    skinDeep: mix(darken(skin, 0.3), light.shadow, 0.2),
    skinLight: mix(lighten(skin, 0.2), light.key, 0.3),
    blush: mix(skin, "#ea5a78", anime ? 0.55 : 0.42),
    lips: look.lips ?? (feminine ? mix(skin, "#b8405a", 0.5) : mix(skin, "#9a4a48", 0.28)),
    hair,
    hairDark: mix(darken(hair, dark ? 0.25 : 0.38), light.shadow, 0.15),
    hairLight: dark ? mix(lighten(hair, 0.2), light.rim, 0.2) : mix(lighten(hair, 0.32), light.key, 0.2),
    hairLine: darken(hair, dark ? 0.4 : 0.55),
    eyes: pop(look.eyes),
    primary,
    primaryDark: mix(darken(primary, 0.28), light.shadow, 0.18),
    primaryLight: mix(lighten(primary, 0.16), light.key, 0.15),
    secondary,
    secondaryDark: mix(darken(secondary, 0.25), light.shadow, 0.15),
    accent: pop(look.outfit.accent ?? mix(primary, secondary, 0.5)),
    line: "#2b1b26",
  };
}

/** Everything the figure needs, as SVG defs + body in figure coordinates. */
export interface SilhouettePart {
  d: string;
  transform: string;
}

/** The silhouette as paths with the given fill, optionally shifted. */
export function silhouetteMarkup(parts: readonly SilhouettePart[], fill = "#fff", shift = ""): string {
  return parts
    .map((part) => {
      const transform = `${shift} ${part.transform}`.trim();
      return `<path d="${part.d}" fill="${fill}"${transform ? ` transform="${transform}"` : ""}/>`;
    })
    .join("");
}

export interface FigureMarkup {
  defs: string;
  body: string;
  /** outlines of the whole silhouette (with their transforms), for clip paths and masks */
  silhouette: SilhouettePart[];
}

export function buildFigure(context: FigureContext): FigureMarkup {
  const { look, style, light, pose, rng } = context;
  const anime = style === "anime";
  const feminine = look.build === "feminine";
  const p = proportions(anime, feminine);
  const c = palette(context);
  const side = light.side;
  const head = `rotate(${n(pose.tilt)} 0 150)`;
  let defs = "";
  let body = "";
  const outlineAttrs = (color: string, width = 3.4): string =>
    anime ? ` stroke="${color}" stroke-width="${width}" stroke-linejoin="round"` : "";

  // ---------- gradients ----------
  const lx = side === 1 ? [0, 1] : [1, 0];
  defs += linearGradient(
    "f-skin",
    [
      [0, anime ? c.skin : c.skinShadow],
      [0.6, c.skin],
      [1, anime ? c.skin : mix(c.skin, c.skinLight, 0.5)],
    ],
    [lx[0] as number, 0],
    [lx[1] as number, 0],
  );
  defs += linearGradient(
    "f-hair",
    look.hair.accent
      ? [
          [0, c.hairLight],
          [0.35, c.hair],
          [0.7, mix(c.hair, look.hair.accent, 0.5)],
          [1, look.hair.accent],
        ]
      : [
          [0, anime ? c.hair : c.hairLight],
          [0.4, c.hair],
          [1, anime ? c.hair : c.hairDark],
        ],
    [0, -200],
    [0, anime ? 420 : 300],
    true,
  );
  defs += linearGradient(
    "f-hairback",
    look.hair.accent
      ? [
          [0, c.hairDark],
          [0.5, mix(c.hairDark, look.hair.accent, 0.4)],
          [1, darken(look.hair.accent, 0.2)],
        ]
      : [
          [0, anime ? mix(c.hair, c.hairDark, 0.6) : c.hairDark],
          [1, darken(c.hairDark, anime ? 0.1 : 0.25)],
        ],
    [0, -200],
    [0, 420],
    true,
  );
  defs += linearGradient(
    "f-cloth",
    [
      [0, anime ? c.primary : c.primaryDark],
      [0.55, c.primary],
      [1, anime ? c.primary : c.primaryLight],
    ],
    [side === 1 ? -p.shoulder : p.shoulder, 0],
    [side === 1 ? p.shoulder : -p.shoulder, 0],
    true,
  );
  defs += linearGradient(
    "f-inner",
    [
      [0, c.secondaryDark],
      [1, c.secondary],
    ],
    [side === 1 ? -p.shoulder * 0.5 : p.shoulder * 0.5, 0],
    [side === 1 ? p.shoulder * 0.5 : -p.shoulder * 0.5, 0],
    true,
  );

  // ---------- shapes ----------
  const face = smoothPath(mirrored(p.face));
  const N = p.neck;
  const S = p.shoulder;
  const torso = smoothPath(
    mirrored([
      [0, 60, true],
      [N, 60, true],
      [N + 1, 170],
      [N + 16, 208],
      [S * 0.6, 232],
      [S * 0.9, 252],
      [S + 8, 296],
      [S + 15, 380],
      [S + 20, 520],
      [S + 22, 1700, true],
      [0, 1700, true],
    ]),
  );
  const hair = hairShapes(look.hair.style, p, anime, !feminine, rng.fork("hair"), pose.turn);
  const silhouette: SilhouettePart[] = [{ d: torso, transform: "" }];
  for (const d of [...hair.back, face, ...hair.front]) silhouette.push({ d, transform: head });

  // ---------- hair behind ----------
  if (hair.back.length > 0) {
    body += `<g transform="${head}">`;
    if (anime)
      body += `<g fill="none"${outlineAttrs(c.hairLine, 6)}>${hair.back.map((d) => `<path d="${d}"/>`).join("")}</g>`;
    body += hair.back.map((d) => `<path d="${d}" fill="url(#f-hairback)"/>`).join("");
    if (!anime) body += hair.backStrands.map((d) => strand(d, c.hairLight, 0.16, 2.2)).join("");
    body += `</g>`;
  }

  // ---------- body ----------
  if (anime) body += `<path d="${torso}" fill="none"${outlineAttrs(c.line, 6)}/>`;
  body += `<path d="${torso}" fill="url(#f-skin)"/>`;
  // collarbone hints and neck shading
  body += anime
    ? `<path d="M${-N} 120 Q0 178 ${N} 120 L${N} 150 Q0 200 ${-N} 150Z" fill="${c.skinShadow}"/>`
    : `<path d="M${-N - 2} 100 Q0 196 ${N + 2} 100 L${N + 2} 60 L${-N - 2} 60Z" fill="${c.skinDeep}" opacity="0.55"/>`;
  if (!anime) {
    body += `<path d="M${-N - 40} 262 Q${-N - 10} 252 -14 268" stroke="${c.skinShadow}" stroke-width="3" fill="none" opacity="0.45" stroke-linecap="round"/>`;
    body += `<path d="M${N + 40} 262 Q${N + 10} 252 14 268" stroke="${c.skinShadow}" stroke-width="3" fill="none" opacity="0.45" stroke-linecap="round"/>`;
  }
  const outfit = outfitMarkup(look.outfit.style, { p, c, anime, side, torso, rng: rng.fork("outfit") });
  defs += outfit.defs;
  body += outfit.body;
  const accessories = new Set(look.accessories ?? []);
  if (accessories.has("necklace")) {
    const low =
      look.outfit.style === "tee" || look.outfit.style === "sweater" || look.outfit.style === "hoodie"
        ? 60
        : 0;
    body += `<path d="M${-N - 8} 196 Q0 ${300 + low} ${N + 8} 196" stroke="#e8c66a" stroke-width="2.6" fill="none"/>`;
    body += `<path d="M0 ${250 + low / 2} l7 9 l-7 11 l-7 -11Z" fill="${mix(c.accent, "#ffffff", 0.25)}" stroke="#e8c66a" stroke-width="2"/>`;
  }
  if (accessories.has("scarf")) body += scarf(N, c, anime, side);

  // ---------- head ----------
  body += `<g transform="${head}">`;
  // ears
  const ear = (x: number): string =>
    `<ellipse cx="${x}" cy="${p.earY}" rx="${anime ? 12 : 14}" ry="${anime ? 20 : 25}" fill="${c.skin}"${outlineAttrs(c.line, 3)}/>` +
    `<ellipse cx="${x + Math.sign(x) * 2}" cy="${p.earY + 2}" rx="6" ry="13" fill="${c.skinShadow}" opacity="0.7"/>`;
  body += ear(p.earX) + ear(-p.earX);
  if (accessories.has("earrings")) {
    for (const x of [p.earX, -p.earX]) {
      body += `<circle cx="${x + Math.sign(x) * 2}" cy="${p.earY + 26}" r="4.5" fill="#f1d27a" stroke="#b8912f" stroke-width="1"/>`;
      body += `<path d="M${x + Math.sign(x) * 2} ${p.earY + 30} l5 10 l-5 9 l-5 -9Z" fill="${lighten(c.accent, 0.3)}" stroke="#b8912f" stroke-width="1"/>`;
    }
  }
  if (anime) body += `<path d="${face}" fill="none"${outlineAttrs(c.line, 6)}/>`;
  body += `<path d="${face}" fill="${anime ? c.skinShadow : "url(#f-skin)"}"/>`;
  defs += `<clipPath id="f-faceclip"><path d="${face}"/></clipPath>`;

  // face shading
  let shade = "";
  if (anime) {
    // cel shadow: a crescent along the face edge away from the light, and under the fringe
    // (the face is filled with the shadow tone; the lit face, shifted toward the light, leaves a crescent)
    shade += `<path d="${face}" fill="url(#f-skin)" transform="translate(${side * 18} -6)"/>`;
    shade += `<ellipse cx="0" cy="${p.hairline + 14}" rx="120" ry="40" fill="${c.skinShadow}" opacity="0.9"/>`;
  } else {
    defs += linearGradient(
      "f-faceshade",
      [
        [0, c.skinDeep, 0.38],
        [0.4, c.skinShadow, 0.1],
        [0.6, c.skinShadow, 0],
      ],
      [side === 1 ? 0 : 1, 0],
      [side === 1 ? 1 : 0, 0],
    );
    defs += radialGradient("f-cheeklight", [
      [0, c.skinLight, 0.55],
      [1, c.skinLight, 0],
    ]);
    defs += radialGradient("f-hairshade", [
      [0, c.skinDeep, 0.45],
      [1, c.skinDeep, 0],
    ]);
    shade += `<path d="${face}" fill="url(#f-faceshade)"/>`;
    shade += `<ellipse cx="${side * 40}" cy="${p.eyeY + 36}" rx="46" ry="34" fill="url(#f-cheeklight)"/>`;
    shade += `<ellipse cx="0" cy="${p.hairline + 4}" rx="130" ry="40" fill="url(#f-hairshade)"/>`;
    shade += `<ellipse cx="0" cy="${p.mouthY + 46}" rx="70" ry="16" fill="${c.skinShadow}" opacity="0.22"/>`;
  }
  body += `<g clip-path="url(#f-faceclip)">${shade}</g>`;

  // facial hair sits under the features
  if (!feminine && look.facialHair && look.facialHair !== "none") {
    body += facialHair(look.facialHair, p, c, anime);
  }

  // features
  const fx = pose.turn * (anime ? 10 : 12);
  body += `<g transform="translate(${n(fx)} 0)">`;
  const blushOpacity = anime ? 0.5 : feminine ? 0.3 : 0.12;
  defs += radialGradient("f-blush", [
    [0, c.blush, blushOpacity],
    [1, c.blush, 0],
  ]);
  for (const x of [-1, 1]) {
    body += `<ellipse cx="${x * (p.eyeX + 12)}" cy="${p.eyeY + (anime ? 40 : 42)}" rx="${anime ? 26 : 30}" ry="${anime ? 13 : 18}" fill="url(#f-blush)"/>`;
    if (anime && feminine) {
      for (let hatch = 0; hatch < 3; hatch++) {
        const hx = x * (p.eyeX + 4) + hatch * 7 - 7;
        body += `<path d="M${hx + 3} ${p.eyeY + 35} l-5 9" stroke="${darken(c.blush, 0.1)}" stroke-width="1.6" stroke-linecap="round" opacity="0.6"/>`;
      }
    }
  }
  const closedEyes = anime && pose.expression === "laugh";
  for (const x of [-1, 1] as const) {
    body += eye(x * p.eyeX, p.eyeY, x, { c, anime, feminine, closed: closedEyes, side, id: `f-eye${x}` });
    defs += eyeDefs(`f-eye${x}`, c, anime, feminine, x * p.eyeX, p.eyeY);
  }
  body += brows(p, c, anime, feminine, pose.expression);
  body += nose(p, c, anime, side);
  body += mouth(p, c, anime, feminine, pose.expression, side);
  body += `</g>`;
  if (accessories.has("glasses")) body += glasses(p, anime, fx);

  // hair in front
  if (anime) {
    body += `<g fill="none"${outlineAttrs(c.hairLine, 6)}>${hair.front.map((d) => `<path d="${d}"/>`).join("")}</g>`;
  }
  const hairShade = mix(c.hair, c.hairDark, 0.7);
  body += hair.front.map((d) => `<path d="${d}" fill="${anime ? hairShade : "url(#f-hair)"}"/>`).join("");
  defs += `<clipPath id="f-capclip">${hair.front.map((d) => `<path d="${d}"/>`).join("")}</clipPath>`;
  const highlight = hairHighlight(
    p,
    anime,
    anime ? saturate(lighten(c.hair, luminance(c.hair) < 0.2 ? 0.3 : 0.45), 0.2) : c.hairLight,
    rng.fork("highlight"),
    side,
  );
  if (anime) {
    // cel shadow along the lower / far edges of the hair mass: the hair is filled with the shadow
    // tone, then the lit hair, shifted up toward the light, is laid over it inside the hair outline
    body += `<g clip-path="url(#f-capclip)">${hair.front.map((d) => `<path d="${d}" fill="url(#f-hair)" transform="translate(${side * 8} -9)"/>`).join("")}${highlight}</g>`;
    body += hair.frontStrands.map((d) => strand(d, mix(c.hairLine, c.hair, 0.35), 0.4, 2)).join("");
  } else {
    body += `<g clip-path="url(#f-capclip)">${hair.frontStrands.map((d) => strand(d, c.hairDark, 0.35, 2.4)).join("")}${hair.frontStrands
      .map(
        (d) =>
          `<path d="${d}" stroke="${c.hairLight}" stroke-width="2" fill="none" opacity="0.3" transform="translate(${-side * 5} 0)"/>`,
      )
      .join("")}${highlight}</g>`;
  }
  body += `</g>`;

  // ---------- rim light ----------
  // a sliver of the scene's back light along the lit edge: the silhouette, shifted toward the
  // light, drawn behind the figure (a mask would be more exact but costs far more to render)
  const rimWidth = anime ? 6 : 5;
  const rimOpacity = light.rimStrength * (anime ? 0.95 : 0.8);
  const rim =
    `<g fill-opacity="${alpha(rimOpacity * 0.45)}">${silhouetteMarkup(silhouette, light.rim, `translate(${side * rimWidth * 1.6} ${-rimWidth * 0.5})`)}</g>` +
    `<g fill-opacity="${alpha(rimOpacity)}">${silhouetteMarkup(silhouette, light.rim, `translate(${side * rimWidth * 0.8} ${-rimWidth * 0.25})`)}</g>`;
  body = rim + body;

  return { defs, body, silhouette };
}

function strand(d: string, color: string, opacity: number, width: number): string {
  return `<path d="${d}" stroke="${color}" stroke-width="${width}" fill="none" opacity="${opacity}" stroke-linecap="round"/>`;
}

// ---------------------------------------------------------------- face features

function eyeDefs(id: string, c: Palette, anime: boolean, feminine: boolean, cx: number, cy: number): string {
  if (anime) {
    return linearGradient(
      `${id}-iris`,
      [
        [0, darken(c.eyes, 0.55)],
        [0.45, c.eyes],
        [1, lighten(c.eyes, 0.45)],
      ],
      [0, cy - 20],
      [0, cy + 28],
      true,
    );
  }
  return (
    radialGradient(
      `${id}-iris`,
      [
        [0, lighten(c.eyes, 0.35)],
        [0.55, c.eyes],
        [1, darken(c.eyes, 0.45)],
      ],
      { cx, cy: cy - 1, r: 11, userSpace: true },
    ) + (feminine ? "" : "")
  );
}

function eye(
  cx: number,
  cy: number,
  outer: 1 | -1,
  o: { c: Palette; anime: boolean; feminine: boolean; closed: boolean; side: 1 | -1; id: string },
): string {
  const { c, anime, feminine } = o;
  const g = (inner: string): string => `<g transform="translate(${cx} ${cy}) scale(${outer} 1)">${inner}</g>`;
  if (anime) {
    if (o.closed) {
      return g(
        `<path d="M-24 8 Q0 -16 26 6" stroke="${c.line}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      );
    }
    const white = feminine
      ? "M-26 -2 C-20 -24 16 -27 28 -10 C28 10 18 26 1 27 C-16 26 -26 14 -26 -2Z"
      : "M-26 0 C-18 -16 16 -19 28 -8 C26 8 16 17 1 18 C-16 17 -25 10 -26 0Z";
    const iris = feminine ? { cy: 5, rx: 17, ry: 22 } : { cy: 2, rx: 14, ry: 17 };
    const lash = feminine
      ? "M-30 2 C-24 -26 18 -32 32 -12 L38 -17 L33 -4 C18 -22 -20 -18 -28 6Z"
      : "M-29 2 C-22 -20 18 -24 31 -9 L33 -3 C16 -16 -20 -14 -27 5Z";
    const clip = `<clipPath id="${o.id}-clip"><path d="${white}"/></clipPath>`;
    return (
      g(
        `${clip}<path d="${white}" fill="#ffffff"/>` +
          `<g clip-path="url(#${o.id}-clip)">` +
          `<ellipse cx="1" cy="${iris.cy}" rx="${iris.rx}" ry="${iris.ry}" fill="url(#${o.id}-iris)" stroke="${darken(c.eyes, 0.55)}" stroke-width="2"/>` +
          `<ellipse cx="1" cy="${iris.cy + 1}" rx="${iris.rx * 0.42}" ry="${iris.ry * 0.45}" fill="${darken(c.eyes, 0.7)}"/>` +
          `<path d="M-30 -30 L34 -30 L34 -4 C14 -18 -16 -14 -30 4Z" fill="${mix(c.eyes, "#2a1a30", 0.6)}" opacity="0.35"/>` +
          `</g>` +
          `<path d="${lash}" fill="${c.line}"/>` +
          (feminine
            ? `<path d="M20 20 Q12 27 2 28" stroke="${c.line}" stroke-width="2" fill="none" opacity="0.7" stroke-linecap="round"/>`
            : ""),
      ) +
      `<ellipse cx="${cx - 6}" cy="${cy + (feminine ? -4 : -3)}" rx="${feminine ? 6 : 5}" ry="${feminine ? 7.5 : 5.5}" fill="#ffffff"/>` +
      `<circle cx="${cx + 7}" cy="${cy + (feminine ? 14 : 9)}" r="${feminine ? 3 : 2.4}" fill="#ffffff" opacity="0.85"/>`
    );
  }
  const almond = feminine
    ? "M-22 2 C-14 -11 10 -14 23 -3 C12 7 -10 9 -22 2Z"
    : "M-22 1 C-14 -9 10 -11 23 -3 C12 5 -10 7 -22 1Z";
  const clip = `<clipPath id="${o.id}-clip"><path d="${almond}"/></clipPath>`;
  return `${g(
    `${clip}<path d="${almond}" fill="#f5efeb"/>` +
      `<g clip-path="url(#${o.id}-clip)">` +
      `<circle cx="1" cy="-1" r="${feminine ? 10.5 : 9.5}" fill="url(#${o.id}-iris)"/>` +
      `<circle cx="1" cy="-1" r="4.3" fill="#17110f"/>` +
      `<path d="M-24 -14 L26 -14 L26 -2 C10 -10 -12 -8 -24 2Z" fill="${c.skinDeep}" opacity="0.35"/>` +
      `</g>` +
      `<path d="M-23 2 C-14 ${feminine ? -12 : -10} 10 ${feminine ? -15 : -12} 24 -3" stroke="#2a1a18" stroke-width="${feminine ? 3.2 : 2.4}" fill="none" stroke-linecap="round"/>` +
      (feminine
        ? `<path d="M21 -4 Q26 -6 30 -10" stroke="#2a1a18" stroke-width="2.4" fill="none" stroke-linecap="round"/>`
        : "") +
      `<path d="M-17 -11 C-6 -19 12 -19 22 -10" stroke="${c.skinDeep}" stroke-width="1.6" fill="none" opacity="0.5"/>` +
      `<path d="M-18 5 C-6 10 10 9 20 2" stroke="${c.skinDeep}" stroke-width="1.2" fill="none" opacity="0.45"/>`,
  )}<circle cx="${cx + o.side * 3 + 1}" cy="${cy - 4}" r="2.6" fill="#ffffff" opacity="0.9"/>`;
}

function brows(
  p: Proportions,
  c: Palette,
  anime: boolean,
  feminine: boolean,
  expression: Pose["expression"],
): string {
  const color = anime ? c.hairLine : mix(c.hairDark, c.skin, 0.15);
  let out = "";
  for (const outer of [-1, 1] as const) {
    const raise = expression === "smirk" && outer === 1 ? -6 : 0;
    const g = `transform="translate(${outer * p.eyeX} ${p.browY + raise}) scale(${outer} 1)"`;
    if (anime) {
      out += feminine
        ? `<path ${g} d="M-20 2 Q2 -8 24 0" stroke="${color}" stroke-width="3.6" fill="none" stroke-linecap="round"/>`
        : `<path ${g} d="M-24 4 Q0 -6 28 -4" stroke="${color}" stroke-width="5.5" fill="none" stroke-linecap="round"/>`;
    } else {
      out += feminine
        ? `<path ${g} d="M-22 4 C-10 -6 10 -8 27 1 C12 -2 -8 -1 -22 8Z" fill="${color}"/>`
        : `<path ${g} d="M-24 5 C-8 -6 12 -6 28 0 L27 5 C10 0 -8 1 -23 11Z" fill="${color}"/>`;
    }
  }
  return out;
}

function nose(p: Proportions, c: Palette, anime: boolean, side: 1 | -1): string {
  const y = p.noseY;
  if (anime) {
    return `<path d="M${-side * 1} ${y - 6} l${-side * 4} 7 l${side * 5} 1" stroke="${c.skinDeep}" stroke-width="2.2" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.8"/>`;
  }
  const s = -side;
  return (
    `<path d="M${s * 7} ${y - 48} C${s * 10} ${y - 26} ${s * 14} ${y - 12} ${s * 9} ${y - 2}" stroke="${c.skinDeep}" stroke-width="2.2" fill="none" opacity="0.45" stroke-linecap="round"/>` +
    `<path d="M-12 ${y} Q-6 ${y + 5} -2 ${y + 1}" stroke="${c.skinDeep}" stroke-width="2" fill="none" opacity="0.6" stroke-linecap="round"/>` +
    `<path d="M12 ${y} Q6 ${y + 5} 2 ${y + 1}" stroke="${c.skinDeep}" stroke-width="2" fill="none" opacity="0.6" stroke-linecap="round"/>` +
    `<ellipse cx="${side * 3}" cy="${y - 8}" rx="5" ry="4" fill="${c.skinLight}" opacity="0.55"/>`
  );
}

function mouth(
  p: Proportions,
  c: Palette,
  anime: boolean,
  feminine: boolean,
  expression: Pose["expression"],
  side: 1 | -1,
): string {
  const y = p.mouthY;
  const lipDark = darken(c.lips, 0.35);
  if (anime) {
    if (expression === "laugh") {
      return (
        `<path d="M-14 ${y - 2} Q0 ${y - 1} 14 ${y - 2} Q10 ${y + 16} 0 ${y + 17} Q-10 ${y + 16} -14 ${y - 2}Z" fill="#a8344e" stroke="${c.line}" stroke-width="2.4" stroke-linejoin="round"/>` +
        `<ellipse cx="0" cy="${y + 11}" rx="7" ry="4" fill="#f08a9a"/>`
      );
    }
    if (expression === "smirk") {
      return `<path d="M-10 ${y + 2} C-2 ${y + 5} 6 ${y + 3} 13 ${y - 3}" stroke="${c.line}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`;
    }
    const width = expression === "soft" ? 8 : 12;
    return `<path d="M${-width} ${y} C-4 ${y + 6} 4 ${y + 6} ${width} ${y}" stroke="${c.line}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`;
  }
  if (expression === "laugh") {
    return (
      `<path d="M-25 ${y - 2} C-10 ${y - 5} 10 ${y - 5} 25 ${y - 2} C18 ${y + 20} -18 ${y + 20} -25 ${y - 2}Z" fill="#6a2a35" stroke="${c.lips}" stroke-width="${feminine ? 4 : 2.5}" stroke-linejoin="round"/>` +
      `<path d="M-19 ${y - 1} C-8 ${y - 3} 8 ${y - 3} 19 ${y - 1} L17 ${y + 5} C6 ${y + 4} -6 ${y + 4} -17 ${y + 5}Z" fill="#fbf4ee"/>`
    );
  }
  const smile = expression === "smile" ? 4 : expression === "smirk" ? 2 : 1.5;
  const right = expression === "smirk" ? smile + 4 : smile;
  if (feminine) {
    return (
      `<path d="M-24 ${y} C-14 ${y - 7} -5 ${y - 6} 0 ${y - 3} C5 ${y - 6} 14 ${y - 7} 24 ${y} C12 ${y + 2} -12 ${y + 2} -24 ${y}Z" fill="${darken(c.lips, 0.12)}"/>` +
      `<path d="M-22 ${y + 1} C-12 ${y + 14} 12 ${y + 14} 22 ${y + 1} C10 ${y + 4} -10 ${y + 4} -22 ${y + 1}Z" fill="${c.lips}"/>` +
      `<path d="M-25 ${y - smile} C-12 ${y + 3} 12 ${y + 3} 25 ${y - right}" stroke="${lipDark}" stroke-width="2" fill="none" stroke-linecap="round"/>` +
      `<ellipse cx="${side * 5}" cy="${y + 8}" rx="7" ry="2.5" fill="#ffffff" opacity="0.3"/>`
    );
  }
  return (
    `<path d="M-22 ${y - smile * 0.6} C-8 ${y + 4} 8 ${y + 4} 22 ${y - right * 0.6}" stroke="${lipDark}" stroke-width="2.4" fill="none" stroke-linecap="round"/>` +
    `<path d="M-14 ${y + 6} Q0 ${y + 14} 14 ${y + 6} Q0 ${y + 9} -14 ${y + 6}Z" fill="${c.lips}" opacity="0.65"/>`
  );
}

function facialHair(kind: "stubble" | "beard", p: Proportions, c: Palette, anime: boolean): string {
  const y = p.mouthY;
  if (kind === "stubble") {
    return `<g clip-path="url(#f-faceclip)" opacity="${anime ? 0.2 : 0.26}"><path d="M-110 ${y - 40} Q-96 ${y + 60} 0 ${y + 60} Q96 ${y + 60} 110 ${y - 40} L110 300 L-110 300Z" fill="${c.hairDark}"/><path d="M-28 ${y - 8} Q0 ${y - 20} 28 ${y - 8} Q0 ${y - 13} -28 ${y - 8}Z" fill="${c.hairDark}"/></g>`;
  }
  const beard = smoothPath([
    [-100, y - 50],
    [-92, y + 10],
    [-60, y + 46],
    [0, y + 62],
    [60, y + 46],
    [92, y + 10],
    [100, y - 50],
    [90, y - 40],
    [60, y + 4],
    [30, y + 22],
    [0, y + 24],
    [-30, y + 22],
    [-60, y + 4],
    [-90, y - 40],
  ]);
  return (
    `<path d="${beard}" fill="${mix(c.hair, c.hairDark, 0.4)}"${anime ? ` stroke="${c.hairLine}" stroke-width="3"` : ""}/>` +
    `<path d="M-30 ${y - 6} C-16 ${y - 18} 16 ${y - 18} 30 ${y - 6} C16 ${y - 10} -16 ${y - 10} -30 ${y - 6}Z" fill="${mix(c.hair, c.hairDark, 0.4)}"/>` +
    `<path d="M-16 ${y + 4} Q0 ${y + 14} 16 ${y + 4}" stroke="${c.hairDark}" stroke-width="3" fill="none" opacity="0.5"/>`
  );
}

function glasses(p: Proportions, anime: boolean, fx: number): string {
  const w = anime ? 60 : 56;
  const h = anime ? 44 : 38;
  const y = p.eyeY;
  let out = "";
  for (const sign of [-1, 1]) {
    const x = sign * p.eyeX + fx;
    out += `<rect x="${n(x - w / 2)}" y="${y - h / 2}" width="${w}" height="${h}" rx="${anime ? 12 : 14}" fill="#ffffff" fill-opacity="0.08" stroke="#2b2026" stroke-width="${anime ? 3.5 : 4}"/>`;
    out += `<path d="M${n(x + sign * (w / 2))} ${y - 6} L${n(sign * (p.earX - 2))} ${y - 2}" stroke="#2b2026" stroke-width="3.5"/>`;
    out += `<path d="M${n(x - w / 2 + 8)} ${y - h / 2 + 8} l10 -2" stroke="#ffffff" stroke-width="2.4" opacity="0.5" stroke-linecap="round"/>`;
  }
  out += `<path d="M${n(-p.eyeX + fx + w / 2)} ${y - 4} Q${n(fx)} ${y - 12} ${n(p.eyeX + fx - w / 2)} ${y - 4}" stroke="#2b2026" stroke-width="3.5" fill="none"/>`;
  return out;
}

// ---------------------------------------------------------------- clothing

interface OutfitInput {
  p: Proportions;
  c: Palette;
  anime: boolean;
  side: 1 | -1;
  torso: string;
  rng: Rng;
}

function outfitMarkup(style: OutfitStyle, input: OutfitInput): { defs: string; body: string } {
  const { p, c, anime, side, torso } = input;
  const N = p.neck;
  const S = p.shoulder;
  let defs = "";
  let body = "";
  const stroke = anime ? ` stroke="${c.line}" stroke-width="3.4" stroke-linejoin="round"` : "";
  const everything = "M-900 -900 L900 -900 L900 2000 L-900 2000Z";
  const openings: Record<string, string> = {
    crew: `M${-N - 12} -400 L${-N - 12} 200 Q0 262 ${N + 12} 200 L${N + 12} -400Z`,
    wide: `M${-N - 18} -400 L${-N - 18} 204 Q0 272 ${N + 18} 204 L${N + 18} -400Z`,
    vneck: `M${-N - 14} -400 L${-N - 14} 196 L0 300 L${N + 14} 196 L${N + 14} -400Z`,
    shirt: `M${-N - 8} -400 L${-N - 8} 190 L0 272 L${N + 8} 190 L${N + 8} -400Z`,
    deep: `M${-N - 18} -400 L${-N - 18} 200 L0 440 L${N + 18} 200 L${N + 18} -400Z`,
    scoop: `M${-S * 0.44} -400 L${-S * 0.44} 236 C${-S * 0.4} 300 ${S * 0.4} 300 ${S * 0.44} 236 L${S * 0.44} -400Z`,
    open: `M${-N - 18} -400 L${-N - 18} 200 L${-S * 0.34} 1700 L${S * 0.34} 1700 L${N + 18} 200 L${N + 18} -400Z`,
    none: "M0 0Z",
  };
  let maskCount = 0;
  /** a garment layer: the torso minus its neck opening */
  const layer = (fill: string, opening: string): string => {
    const id = `f-cut${maskCount++}`;
    // clip to "everything except the opening" (even-odd); clip paths are much cheaper than masks
    defs += `<clipPath id="${id}"><path d="${everything}${opening}" clip-rule="evenodd"/></clipPath>`;
    return `<g clip-path="url(#${id})">${anime ? `<path d="${torso}" fill="none" stroke="${c.line}" stroke-width="7"/>` : ""}<path d="${torso}" fill="${fill}"/>${anime ? celShadow(torso, S, side, c.primaryDark, defs.length) : ""}</g>`;
  };
  // cel shading for anime clothes: the shadow side of the torso
  const celShadow = (
    shape: string,
    shoulder: number,
    lightSide: 1 | -1,
    color: string,
    salt: number,
  ): string => {
    const id = `f-cel${salt}`;
    defs += `<clipPath id="${id}"><path d="${shape}"/></clipPath>`;
    const x = -lightSide * shoulder * 0.5;
    return `<path clip-path="url(#${id})" d="M${x} 200 Q${x - lightSide * 40} 600 ${x + lightSide * 10} 1700 L${-lightSide * 900} 1700 L${-lightSide * 900} 200Z" fill="${color}" opacity="0.55"/>`;
  };
  const folds = (color: string): string =>
    `<path d="M${S - 6} 330 Q${S - 30} 450 ${S - 24} 640" stroke="${color}" stroke-width="3" fill="none" opacity="0.4"/>` +
    `<path d="M${-S + 6} 330 Q${-S + 30} 450 ${-S + 24} 640" stroke="${color}" stroke-width="3" fill="none" opacity="0.4"/>`;
  const band = (d: string, color: string, width: number): string =>
    `<path d="${d}" stroke="${color}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
  const crewCurve = `M${-N - 12} 200 Q0 262 ${N + 12} 200`;

  switch (style) {
    case "tee":
      body += layer("url(#f-cloth)", openings.crew as string);
      body += band(crewCurve, c.primaryDark, 9);
      body += folds(c.primaryDark);
      break;
    case "vneck":
      body += layer("url(#f-cloth)", openings.vneck as string);
      body += band(`M${-N - 14} 196 L0 300 L${N + 14} 196`, c.primaryDark, 8);
      body += folds(c.primaryDark);
      break;
    case "sweater": {
      body += layer("url(#f-cloth)", openings.crew as string);
      body += band(crewCurve, c.secondaryDark, 16);
      body += band(crewCurve, c.secondary, 8);
      let pattern = "";
      for (let x = -S; x < S; x += 28) {
        pattern += `<path d="M${x} 420 l14 -14 l14 14 l-14 14Z" fill="${c.secondary}" opacity="0.85"/>`;
      }
      body += `<g clip-path="url(#f-torsoclip)">${pattern}<rect x="${-S - 30}" y="388" width="${2 * S + 60}" height="6" fill="${c.secondary}"/><rect x="${-S - 30}" y="446" width="${2 * S + 60}" height="6" fill="${c.secondary}"/></g>`;
      defs += `<clipPath id="f-torsoclip"><path d="${torso}"/></clipPath>`;
      for (let x = -S + 20; x < S; x += 34) {
        body += `<path d="M${x} 480 L${x} 900" stroke="${c.primaryDark}" stroke-width="2" opacity="0.22"/>`;
      }
      break;
    }
    case "turtleneck":
      body += layer("url(#f-cloth)", openings.none as string);
      body += `<rect x="${-N - 8}" y="112" width="${2 * N + 16}" height="112" rx="18" fill="${c.primary}"${stroke}/>`;
      for (const y of [140, 168, 196])
        body += band(`M${-N - 4} ${y} Q0 ${y + 8} ${N + 4} ${y}`, c.primaryDark, 3);
      body += `<path d="M${-N - 8} 120 Q0 170 ${N + 8} 120 L${N + 8} 112 L${-N - 8} 112Z" fill="${c.primaryDark}" opacity="0.5"/>`;
      body += folds(c.primaryDark);
      break;
    case "hoodie":
      body += layer("url(#f-cloth)", openings.wide as string);
      body += band(`M${-N - 34} 170 Q${-N - 40} 262 0 262 Q${N + 40} 262 ${N + 34} 170`, c.primaryDark, 34);
      body += band(`M${-N - 34} 170 Q${-N - 40} 262 0 262 Q${N + 40} 262 ${N + 34} 170`, c.primary, 22);
      for (const sign of [-1, 1]) {
        body += band(`M${sign * 22} 262 Q${sign * 26} 320 ${sign * 20} 380`, c.secondary, 5);
        body += `<rect x="${sign * 20 - 4}" y="380" width="8" height="16" rx="2" fill="${c.secondaryDark}"/>`;
      }
      body += folds(c.primaryDark);
      break;
    case "shirt": {
      body += layer("url(#f-cloth)", openings.shirt as string);
      body += band(`M0 272 L0 1700`, c.primaryDark, 3);
      for (const y of [330, 430, 530]) body += `<circle cx="6" cy="${y}" r="5" fill="${c.secondary}"/>`;
      for (const sign of [-1, 1]) {
        const s = (x: number): number => sign * x;
        body += `<path d="M${s(N + 4)} 172 L${s(N + 40)} 252 L${s(6)} 274 L${s(N - 8)} 196Z" fill="${c.primaryLight}"${stroke || ` stroke="${c.primaryDark}" stroke-width="2" stroke-opacity="0.5"`}/>`;
      }
      body += folds(c.primaryDark);
      break;
    }
    case "scoop":
      body += layer("url(#f-cloth)", openings.scoop as string);
      body += band(`M${-S * 0.44} 236 C${-S * 0.4} 300 ${S * 0.4} 300 ${S * 0.44} 236`, c.primaryDark, 6);
      body += folds(c.primaryDark);
      break;
    case "blazer":
    case "jacket":
    case "cardigan": {
      const innerOpening = style === "cardigan" ? (openings.scoop as string) : (openings.crew as string);
      body += layer("url(#f-inner)", innerOpening);
      if (style !== "cardigan") body += band(crewCurve, c.secondaryDark, 7);
      const outerOpening =
        style === "blazer"
          ? (openings.deep as string)
          : style === "jacket"
            ? (openings.open as string)
            : (openings.vneck as string);
      body += layer("url(#f-cloth)", outerOpening);
      for (const sign of [-1, 1]) {
        const s = (x: number): number => sign * x;
        if (style === "blazer") {
          body += `<path d="M${s(N + 16)} 196 L${s(N + 64)} 246 L${s(N + 36)} 296 L${s(6)} 440 L${s(N + 2)} 214Z" fill="${c.primaryDark}"${stroke}/>`;
        } else if (style === "jacket") {
          body += `<path d="M${s(N + 16)} 192 L${s(N + 78)} 232 L${s(S * 0.42)} 340 L${s(S * 0.34)} 700 L${s(N + 30)} 250Z" fill="${c.primaryDark}"${stroke}/>`;
        }
      }
      if (style === "blazer") body += `<circle cx="8" cy="500" r="6" fill="${c.primaryDark}"/>`;
      if (style === "cardigan") {
        for (const y of [330, 400, 470])
          body += `<circle cx="${(y - 300) * 0.05}" cy="${y}" r="5.5" fill="${c.accent}"/>`;
        body += band(`M${-N - 14} 196 L0 300 L${N + 14} 196`, c.primaryDark, 10);
      }
      if (style === "jacket") {
        body += band(`M${S * 0.34 - 6} 480 L${S * 0.34 - 2} 1700`, "#c9c9d2", 3);
      }
      body += folds(c.primaryDark);
      break;
    }
  }
  return { defs, body };
}

/** A knit colour that stands out against the outfit. */
function scarfColor(c: Palette): string {
  const candidates = [c.secondary, "#c9a24a", "#efe6d8", "#8a2f3a", "#2f4a6a", "#3f6b4f"];
  const { r, g, b } = parseHex(c.primary);
  let best = candidates[0] as string;
  let bestDistance = -1;
  for (const candidate of candidates) {
    const other = parseHex(candidate);
    const distance = Math.hypot(other.r - r, other.g - g, other.b - b);
    if (distance > bestDistance + 40) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function scarf(N: number, c: Palette, anime: boolean, side: 1 | -1): string {
  const color = scarfColor(c);
  const stroke = anime ? ` stroke="${c.line}" stroke-width="3"` : "";
  const tail = -side;
  return (
    `<path d="M${-N - 40} 168 C${-N - 46} 262 ${N + 46} 262 ${N + 40} 168 L${N + 22} 150 C${N + 24} 206 ${-N - 24} 206 ${-N - 22} 150Z" fill="${color}"${stroke}/>` +
    `<path d="M${tail * (N - 10)} 220 L${tail * (N + 34)} 226 L${tail * (N + 40)} 470 L${tail * (N - 6)} 480Z" fill="${darken(color, 0.12)}"${stroke}/>` +
    `<path d="M${-N - 30} 200 C${-N - 20} 240 ${N + 20} 240 ${N + 30} 200" stroke="${darken(color, 0.25)}" stroke-width="3" fill="none" opacity="0.6"/>` +
    [0, 1, 2, 3]
      .map(
        (index) =>
          `<path d="M${tail * (N - 2 + index * 11)} 478 l0 16" stroke="${darken(color, 0.2)}" stroke-width="3" stroke-linecap="round"/>`,
      )
      .join("")
  );
}
