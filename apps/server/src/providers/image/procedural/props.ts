import type { Rng } from "../../../lib/seeded-random.ts";
import { darken, lighten } from "./color.ts";
import { n } from "./svg.ts";
import type { Gesture, Prop } from "./types.ts";

/**
 * Things a character holds, drawn in the figure's coordinates (the head 200 units wide at the
 * origin, the chin at y ≈ 140, the shoulders at y ≈ 220) in front of the torso, with the hands
 * that hold them. Pictures with props are framed from the waist up so that the hands show.
 */

interface PropContext {
  /** skin colour, for the hands */
  skin: string;
  /** outline colour and width */
  line: string;
  lineWidth: number;
  rng: Rng;
}

function hand(x: number, y: number, angle: number, context: PropContext): string {
  const knuckles = [-12, 0, 12]
    .map(
      (dx) =>
        `<path d="M${dx} -6 l0 12" stroke="${darken(context.skin, 0.25)}" stroke-width="2" stroke-linecap="round" opacity="0.6"/>`,
    )
    .join("");
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><ellipse rx="30" ry="21" fill="${context.skin}" stroke="${darken(context.skin, 0.35)}" stroke-width="${context.lineWidth * 0.7}"/>${knuckles}</g>`;
}

const outline = (context: PropContext): string =>
  ` stroke="${context.line}" stroke-width="${n(context.lineWidth)}" stroke-linejoin="round"`;

function book(x: number, y: number, context: PropContext): string {
  const cover = context.rng.pick(["#7a2e2e", "#2e4a7a", "#3d6b4a", "#5a3d6b", "#b08a3e"]);
  return `<g data-prop="book" transform="translate(${n(x)} ${n(y)}) rotate(-8)">
<rect x="-88" y="-112" width="176" height="224" rx="8" fill="${cover}"${outline(context)}/>
<rect x="-88" y="-112" width="24" height="224" rx="6" fill="${darken(cover, 0.3)}"/>
<rect x="72" y="-104" width="10" height="208" fill="#f3ead6"/>
<rect x="-40" y="-70" width="100" height="12" rx="4" fill="${lighten(cover, 0.5)}"/>
<rect x="-30" y="-48" width="80" height="8" rx="4" fill="${lighten(cover, 0.35)}"/>
${hand(-82, 70, 20, context)}${hand(92, 60, -20, context)}</g>`;
}

function cup(x: number, y: number, context: PropContext): string {
  const color = context.rng.pick(["#f2efe8", "#e58fb0", "#3fa8b8", "#d9a13a"]);
  const steam = [-22, 0, 22]
    .map(
      (dx) =>
        `<path d="M${dx} -78 q-12 -22 0 -44 q12 -22 0 -44" stroke="#ffffff" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.55"/>`,
    )
    .join("");
  return `<g data-prop="cup" transform="translate(${n(x)} ${n(y)})">${steam}
<path d="M52 -30 q44 0 44 30 q0 30 -44 30" fill="none" stroke="${darken(color, 0.2)}" stroke-width="12"/>
<path d="M-56 -66 L56 -66 L50 52 Q48 68 30 68 L-30 68 Q-48 68 -50 52 Z" fill="${color}"${outline(context)}/>
<ellipse cx="0" cy="-66" rx="56" ry="12" fill="#5a3520"${outline(context)}/>
<rect x="-52" y="-20" width="104" height="14" fill="${darken(color, 0.18)}" opacity="0.7"/>
${hand(-44, 34, 30, context)}</g>`;
}

function flowers(x: number, y: number, context: PropContext): string {
  const { rng } = context;
  const petals = ["#e2435a", "#f2a0c0", "#f4d35e", "#ffffff", "#c86bd8", "#ff8a5b"];
  let heads = "";
  for (let index = 0; index < 9; index++) {
    const angle = -Math.PI / 2 + (index - 4) * 0.3;
    const reach = index % 2 === 0 ? 70 : 40;
    const fx = Math.cos(angle) * reach;
    const fy = -20 + Math.sin(angle) * reach;
    const color = rng.pick(petals);
    heads += `<circle cx="${n(fx)}" cy="${n(fy)}" r="${n(rng.range(18, 26))}" fill="${color}"${outline(context)}/><circle cx="${n(fx)}" cy="${n(fy)}" r="7" fill="${darken(color, 0.4)}"/>`;
  }
  const leaves = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${s * 52}" cy="10" rx="34" ry="12" fill="#3d7a3f" transform="rotate(${s * -35} ${s * 52} 10)"/>`,
    )
    .join("");
  return `<g data-prop="flowers" transform="translate(${n(x)} ${n(y)})">${leaves}${heads}
<path d="M-60 10 L60 10 L8 190 L-8 190 Z" fill="#e8d2b0"${outline(context)}/>
<path d="M-60 10 L0 50 L60 10" fill="none" stroke="#c9ae86" stroke-width="4"/>
${hand(0, 120, 0, context)}</g>`;
}

/** A string instrument held across the body, its neck rising to one side. */
function instrument(kind: "violin" | "guitar", x: number, y: number, context: PropContext): string {
  const violin = kind === "violin";
  const size = violin ? 1 : 1.7;
  const wood = violin ? "#a4471d" : "#c98a3e";
  const upper = { rx: 56 * size, ry: 52 * size, cy: -46 * size };
  const lower = { rx: 68 * size, ry: 64 * size, cy: 48 * size };
  const neckLength = violin ? 230 : 330;
  const neckTop = upper.cy - upper.ry - neckLength;
  const strings = [-9, -3, 3, 9]
    .map(
      (dx) =>
        `<line x1="${dx}" y1="${n(neckTop + 10)}" x2="${dx}" y2="${n(lower.cy + lower.ry * 0.6)}" stroke="#f0e6cc" stroke-width="1.6"/>`,
    )
    .join("");
  const body = `<ellipse cx="0" cy="${n(upper.cy)}" rx="${n(upper.rx)}" ry="${n(upper.ry)}" fill="${wood}"${outline(context)}/>
<ellipse cx="0" cy="${n(lower.cy)}" rx="${n(lower.rx)}" ry="${n(lower.ry)}" fill="${wood}"${outline(context)}/>
<rect x="${n(-upper.rx * 0.8)}" y="${n(upper.cy)}" width="${n(upper.rx * 1.6)}" height="${n(lower.cy - upper.cy)}" fill="${wood}"/>
<ellipse cx="${n(-upper.rx * 0.25)}" cy="${n(upper.cy * 0.4)}" rx="${n(upper.rx * 0.35)}" ry="${n(lower.ry * 0.9)}" fill="${lighten(wood, 0.25)}" opacity="0.35"/>`;
  const details = violin
    ? `<path d="M-30 -10 q-8 20 0 40 q8 20 0 40" stroke="#2a1208" stroke-width="4" fill="none"/><path d="M30 -10 q8 20 0 40 q-8 20 0 40" stroke="#2a1208" stroke-width="4" fill="none"/>
<rect x="-18" y="28" width="36" height="6" fill="#e8d8b0"/><path d="M-14 70 L14 70 L8 120 L-8 120 Z" fill="#1d1410"/>`
    : `<circle cx="0" cy="${n(upper.cy + 20)}" r="34" fill="#2a1a10"/><circle cx="0" cy="${n(upper.cy + 20)}" r="40" fill="none" stroke="#7a4a1e" stroke-width="5"/><rect x="-40" y="${n(lower.cy + 24)}" width="80" height="14" rx="4" fill="#3a2414"/>`;
  const neck = `<rect x="-14" y="${n(neckTop)}" width="28" height="${n(neckLength + 40)}" fill="#1d1410"${outline(context)}/>`;
  const head = violin
    ? `<rect x="-12" y="${n(neckTop - 46)}" width="24" height="50" rx="6" fill="${darken(wood, 0.2)}"${outline(context)}/><circle cx="0" cy="${n(neckTop - 52)}" r="14" fill="${darken(wood, 0.25)}"${outline(context)}/>`
    : `<path d="M-22 ${n(neckTop)} L22 ${n(neckTop)} L26 ${n(neckTop - 70)} L-26 ${n(neckTop - 70)} Z" fill="#2a1a10"${outline(context)}/>`;
  const angle = violin ? 38 : 50;
  const bow = violin
    ? `<g transform="rotate(-70)"><line x1="-250" y1="40" x2="190" y2="40" stroke="#3a2414" stroke-width="6" stroke-linecap="round"/><line x1="-240" y1="50" x2="180" y2="50" stroke="#efe6d2" stroke-width="3"/></g>`
    : "";
  const neckHand = hand(0, neckTop + 60, 90, context);
  const bodyHand = violin ? hand(-60, 150, -30, context) : hand(lower.rx * 0.7, lower.cy - 10, 20, context);
  return `<g data-prop="${kind}" transform="translate(${n(x)} ${n(y)}) rotate(${angle})">${body}${details}${neck}${head}${strings}${bow}${neckHand}${bodyHand}</g>`;
}

function umbrella(context: PropContext): string {
  const canopy = context.rng.pick(["#c0392b", "#2e4a7a", "#1b1b20", "#e8c53a", "#3d6b4a"]);
  // the shaft runs from the canopy's top beside the head down to the hand at the chest
  const top = { x: 40, y: -440 };
  const grip = { x: 270, y: 420 };
  const angle = (-Math.atan2(grip.x - top.x, grip.y - top.y) * 180) / Math.PI;
  // the scalloped hem, from right to left
  let hem = "";
  for (let index = 1; index <= 6; index++) {
    const x = 320 - (index * 640) / 6;
    hem += ` Q${n(x + 640 / 12)} 150 ${n(x)} 180`;
  }
  const ribs = [-200, -70, 70, 200]
    .map(
      (x) =>
        `<path d="M0 0 Q${n(x * 0.8)} 60 ${x} 178" stroke="${darken(canopy, 0.35)}" stroke-width="3" fill="none"/>`,
    )
    .join("");
  return `<g data-prop="umbrella"><line x1="${top.x}" y1="${top.y}" x2="${grip.x}" y2="${grip.y}" stroke="#2a2a2a" stroke-width="9"/>
<path d="M${n(grip.x)} ${n(grip.y)} q6 46 -30 46" stroke="#2a2a2a" stroke-width="12" fill="none" stroke-linecap="round"/>
<g transform="translate(${top.x} ${top.y}) rotate(${n(angle)})"><path d="M-320 180 Q-300 10 0 0 Q300 10 320 180${hem} Z" fill="${canopy}"${outline(context)}/>${ribs}<circle r="10" fill="#2a2a2a"/></g>
${hand(grip.x, grip.y - 10, 70, context)}</g>`;
}

/** The props, in front of the figure; a single one near the middle, two side by side. */
export function propsMarkup(props: readonly Prop[], context: PropContext): string {
  const held = props.filter((prop) => prop !== "umbrella");
  const slots = held.length > 1 ? [-130, 130] : [0];
  let out = props.includes("umbrella") ? umbrella(context) : "";
  held.forEach((prop, index) => {
    const x = slots[index] ?? 0;
    const scale = held.length > 1 ? 0.9 : 1.25;
    let markup: string;
    switch (prop) {
      case "book":
        markup = book(0, 420, context);
        break;
      case "cup":
        markup = cup(0, 420, context);
        break;
      case "flowers":
        markup = flowers(0, 380, context);
        break;
      case "violin":
        markup = instrument("violin", 0, 440, context);
        break;
      case "guitar":
        markup = instrument("guitar", 0, 500, context);
        break;
      default:
        markup = "";
    }
    out += `<g transform="translate(${x} 0) scale(${scale})">${markup}</g>`;
  });
  return out;
}

/**
 * A hand raised into the picture, its forearm in the sleeve's colour: a wave beside the head, or
 * resting by the chin. `side` is the side of the frame with more room (-1 left, 1 right).
 */
export function gestureMarkup(gesture: Gesture, side: -1 | 1, sleeve: string, context: PropContext): string {
  if (gesture === "none") return "";
  const hand =
    gesture === "wave"
      ? { x: side * 200, y: 40, angle: side * -15 }
      : { x: side * 70, y: 150, angle: side * 60 };
  const elbow = { x: side * 250, y: 520 };
  const fingers = [-21, -7, 7, 21]
    .map(
      (dx, index) =>
        `<rect x="${dx - 6}" y="${-80 + Math.abs(index - 1.5) * 8}" width="13" height="${66 - Math.abs(index - 1.5) * 8}" rx="6.5" fill="${context.skin}" stroke="${darken(context.skin, 0.35)}" stroke-width="${n(context.lineWidth * 0.7)}"/>`,
    )
    .join("");
  const palm = `<g transform="translate(${n(hand.x)} ${n(hand.y)}) rotate(${n(hand.angle)})">${fingers}
<rect x="-30" y="-26" width="60" height="56" rx="24" fill="${context.skin}" stroke="${darken(context.skin, 0.35)}" stroke-width="${n(context.lineWidth * 0.7)}"/>
<rect x="${side === 1 ? -44 : 26}" y="-8" width="18" height="36" rx="9" fill="${context.skin}" transform="rotate(${side * 30} 0 10)"/></g>`;
  const forearm = `<path d="M${n(hand.x - 26)} ${n(hand.y + 24)} L${n(elbow.x - 46)} ${n(elbow.y)} L${n(elbow.x + 46)} ${n(elbow.y)} L${n(hand.x + 26)} ${n(hand.y + 24)} Z" fill="${context.skin}"/>
<path d="M${n((hand.x + elbow.x) / 2 - 40)} ${n((hand.y + elbow.y) / 2 + 20)} L${n(elbow.x - 60)} ${n(elbow.y + 200)} L${n(elbow.x + 60)} ${n(elbow.y + 200)} L${n((hand.x + elbow.x) / 2 + 40)} ${n((hand.y + elbow.y) / 2 + 20)} Z" fill="${sleeve}"${outline(context)}/>`;
  return `<g data-gesture="${gesture}">${forearm}${palm}</g>`;
}
