/** Tiny helpers for building SVG markup as strings. */

/** Format a number compactly (one decimal at most). */
export function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

export type Point = readonly [x: number, y: number];
/** A point on an outline; `sharp` points are corners, the others are smoothed through. */
export type OutlinePoint = readonly [x: number, y: number, sharp?: boolean];

/**
 * A smooth closed (or open) path through the points (Catmull-Rom turned into cubic Béziers).
 * Points flagged sharp become corners, which gives anime hair its pointed locks.
 */
export function smoothPath(points: readonly OutlinePoint[], closed = true, tension = 1): string {
  const count = points.length;
  if (count < 2) return "";
  const at = (index: number): OutlinePoint => {
    if (closed) return points[((index % count) + count) % count] as OutlinePoint;
    return points[Math.min(count - 1, Math.max(0, index))] as OutlinePoint;
  };
  const first = at(0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  const segments = closed ? count : count - 1;
  for (let index = 0; index < segments; index++) {
    const p0 = at(index - 1);
    const p1 = at(index);
    const p2 = at(index + 1);
    const p3 = at(index + 2);
    const k = tension / 6;
    const c1: Point = p1[2] ? [p1[0], p1[1]] : [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Point = p2[2] ? [p2[0], p2[1]] : [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/**
 * Mirror a right-hand outline (listed from the top centre downwards) into a closed symmetric
 * loop: the right side as given, then the left side mirrored in reverse.
 */
export function mirrored(right: readonly OutlinePoint[]): OutlinePoint[] {
  const left = right
    .filter((point) => Math.abs(point[0]) > 0.01)
    .map((point): OutlinePoint => [-point[0], point[1], point[2]])
    .reverse();
  return [...right, ...left];
}

export function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}="${typeof value === "number" ? n(value) : value}"`)
    .join(" ");
}

export function linearGradient(
  id: string,
  stops: readonly (readonly [offset: number, color: string, opacity?: number])[],
  from: Point = [0, 0],
  to: Point = [0, 1],
  userSpace = false,
): string {
  const units = userSpace ? ` gradientUnits="userSpaceOnUse"` : "";
  return `<linearGradient id="${id}" x1="${n(from[0])}" y1="${n(from[1])}" x2="${n(to[0])}" y2="${n(to[1])}"${units}>${stops
    .map(([offset, color, opacity]) => stop(offset, color, opacity))
    .join("")}</linearGradient>`;
}

export function radialGradient(
  id: string,
  stops: readonly (readonly [offset: number, color: string, opacity?: number])[],
  center?: { cx: number; cy: number; r: number; userSpace?: boolean },
): string {
  const geometry = center
    ? ` cx="${n(center.cx)}" cy="${n(center.cy)}" r="${n(center.r)}"${center.userSpace ? ` gradientUnits="userSpaceOnUse"` : ""}`
    : "";
  return `<radialGradient id="${id}"${geometry}>${stops
    .map(([offset, color, opacity]) => stop(offset, color, opacity))
    .join("")}</radialGradient>`;
}

function stop(offset: number, color: string, opacity?: number): string {
  const alpha = opacity === undefined ? "" : ` stop-opacity="${Math.round(opacity * 1000) / 1000}"`;
  return `<stop offset="${Math.round(offset * 1000) / 1000}" stop-color="${color}"${alpha}/>`;
}

/** An SVG document drawn in a width×height coordinate space, rasterised at `scale` times that size. */
export function svgDocument(width: number, height: number, defs: string, body: string, scale = 1): string {
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  return flattenOpacity(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none"><defs>${defs}</defs>${body}</svg>`,
  );
}

/** An opacity with two decimals. */
export function alpha(value: number): string {
  return String(Math.round(Math.min(1, Math.max(0, value)) * 100) / 100);
}

/**
 * `opacity` on a shape makes librsvg render it through an offscreen group, which is slow when
 * there are hundreds of them. For shapes that only fill (or only stroke) the same look comes
 * from fill-opacity (or stroke-opacity), so rewrite those. Groups keep their opacity.
 */
export function flattenOpacity(svg: string): string {
  return svg.replace(
    /<(rect|circle|ellipse|path)\b([^>]*?)\sopacity="([^"]+)"([^>]*)>/g,
    (whole, tag, before, value, after) => {
      const attributes = `${before} ${after}`;
      const fillNone = /\sfill="none"/.test(attributes);
      const stroked = /\sstroke="(?!none)[^"]*"/.test(attributes);
      if (/\s(fill|stroke)-opacity=/.test(attributes)) return whole;
      if (fillNone && stroked) return `<${tag}${before} stroke-opacity="${value}"${after}>`;
      if (!stroked) return `<${tag}${before} fill-opacity="${value}"${after}>`;
      return whole;
    },
  );
}
