/** Colour helpers on "#rrggbb" strings. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHex(hex: string): Rgb {
  let value = hex.trim().replace(/^#/, "");
  if (value.length === 3) value = [...value].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/i.test(value)) throw new Error(`not a hex colour: ${hex}`);
  const number = Number.parseInt(value, 16);
  return { r: (number >> 16) & 255, g: (number >> 8) & 255, b: number & 255 };
}

function channel(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, "0");
}

export function toHex(color: Rgb): string {
  return `#${channel(color.r)}${channel(color.g)}${channel(color.b)}`;
}

/** Linear mix: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

export function lighten(color: string, amount: number): string {
  return mix(color, "#ffffff", amount);
}

export function darken(color: string, amount: number): string {
  return mix(color, "#000000", amount);
}

/** Relative luminance in [0, 1]. */
export function luminance(color: string): number {
  const { r, g, b } = parseHex(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function toHsl(color: string): Hsl {
  const { r: r8, g: g8, b: b8 } = parseHex(color);
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl({ h, s, l }: Hsl): string {
  if (s === 0) return toHex({ r: l * 255, g: l * 255, b: l * 255 });
  const hue = (p: number, q: number, t: number): number => {
    let u = t;
    if (u < 0) u += 1;
    if (u > 1) u -= 1;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return toHex({ r: hue(p, q, h + 1 / 3) * 255, g: hue(p, q, h) * 255, b: hue(p, q, h - 1 / 3) * 255 });
}

/** Scale saturation by (1 + amount); negative amounts desaturate. */
export function saturate(color: string, amount: number): string {
  const hsl = toHsl(color);
  return fromHsl({ ...hsl, s: Math.min(1, Math.max(0, hsl.s * (1 + amount))) });
}

/** Rotate the hue by degrees. */
export function shiftHue(color: string, degrees: number): string {
  const hsl = toHsl(color);
  return fromHsl({ ...hsl, h: (((hsl.h + degrees / 360) % 1) + 1) % 1 });
}
