import { randomInt } from 'node:crypto';

// The image code served to clients that cannot run the proof of work (a stock Answer web client
// draws `captcha_img` as an <img> and sends the typed text). Drawn here rather than by a library:
// the maintained permissive generators need a native canvas or a bundled font, and svg-captcha's
// fixed font outlines are what its public solver matches. Each stroke here is its own jittered
// curve, all strokes of all characters and the decoys are shuffled together, so no glyph outline
// or path order repeats between images.

/** Characters that cannot be mistaken for one another in this stroke font (no 0/O, 1/I, 2/Z, 5/S). */
export const CODE_ALPHABET = '34679ACEFHKLMNPTUVWXY';

// Each character is strokes between the points of a 3 × 3 grid, numbered as a keypad:
// 1 2 3 / 4 5 6 / 7 8 9.
const GLYPHS: Record<string, string[]> = {
  '3': ['13', '39', '97', '46'],
  '4': ['14', '46', '39'],
  '6': ['31', '17', '79', '96', '64'],
  '7': ['13', '38'],
  '9': ['64', '41', '13', '39', '97'],
  A: ['72', '29', '46'],
  C: ['31', '17', '79'],
  E: ['31', '17', '79', '45'],
  F: ['31', '17', '45'],
  H: ['17', '39', '46'],
  K: ['17', '43', '49'],
  L: ['17', '79'],
  M: ['71', '15', '53', '39'],
  N: ['71', '19', '93'],
  P: ['71', '13', '36', '64'],
  T: ['13', '28'],
  U: ['17', '79', '93'],
  V: ['18', '83'],
  W: ['17', '75', '59', '93'],
  X: ['19', '37'],
  Y: ['15', '35', '58'],
};

const WIDTH = 150;
const HEIGHT = 50;
const CELL = 26;

/** A random number in [min, max). */
function rand(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

/** A random code of `length` characters from CODE_ALPHABET. */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return code;
}

function curve(x1: number, y1: number, x2: number, y2: number, bend: number, width: [number, number]): string {
  const cx = (x1 + x2) / 2 + rand(-bend, bend);
  const cy = (y1 + y2) / 2 + rand(-bend, bend);
  const f = (n: number) => n.toFixed(1);
  return `<path d="M${f(x1)} ${f(y1)}Q${f(cx)} ${f(cy)} ${f(x2)} ${f(y2)}" stroke-width="${f(rand(...width))}"/>`;
}

/** The strokes of one character placed at `left`, each point moved a little and the grid turned. */
function glyphStrokes(ch: string, left: number): string[] {
  const angle = rand(-0.22, 0.22);
  const sx = rand(0.8, 1.05) * (CELL / 2) * 0.7;
  const sy = rand(0.85, 1.1) * (CELL / 2) * 1.1;
  const top = rand(9, 15);
  const point = (n: number): [number, number] => {
    const gx = ((n - 1) % 3) * sx + rand(-1, 1);
    const gy = Math.floor((n - 1) / 3) * sy + rand(-1, 1);
    const ox = gx - sx;
    const oy = gy - sy;
    return [left + sx + ox * Math.cos(angle) - oy * Math.sin(angle), top + sy + ox * Math.sin(angle) + oy * Math.cos(angle)];
  };
  return GLYPHS[ch].map((s) => {
    const [x1, y1] = point(Number(s[0]));
    const [x2, y2] = point(Number(s[1]));
    return curve(x1, y1, x2, y2, 2, [2.4, 3.2]);
  });
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Draws `code` (characters of CODE_ALPHABET) as an SVG data URL with decoy strokes. */
export function drawCode(code: string): string {
  const strokes: string[] = [];
  const step = (WIDTH - 20) / code.length;
  [...code].forEach((ch, i) => strokes.push(...glyphStrokes(ch, 10 + i * step + rand(-2, 4))));
  for (let i = 0; i < 3; i++) strokes.push(curve(rand(0, WIDTH), rand(0, HEIGHT), rand(0, WIDTH), rand(0, HEIGHT), 15, [1, 1.6]));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f4f4f4"/>` +
    `<g fill="none" stroke="#333" stroke-linecap="round">${shuffle(strokes).join('')}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
