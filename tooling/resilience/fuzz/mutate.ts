// Seeded string mutation for the bounded fuzz runs: start from a valid input and break it in the
// ways a careless or hostile sender would (stray separators, unicode, control characters, cut-offs,
// repeats), or throw a random string at the parser. Same seed → same cases, so a failure reproduces.
import { seededRandom } from "@/sandbox/testing/random";

export type Random = () => number;

export const newRandom = (seed: number): Random => seededRandom(seed);

export const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
export const pickOne = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Characters parsers trip over: separators of both grammars, digits, hex, unicode, controls. */
const NASTY = [
  ",",
  "=",
  ".",
  "..",
  "<",
  ">",
  "-",
  " ",
  "\t",
  "\n",
  "\r",
  "\0",
  "t",
  "v1",
  "v0",
  "0",
  "9",
  "f",
  "F",
  "a",
  "x",
  "é",
  "\u00a0",
  "\u2028",
  "\u200b",
  "\ufeff",
  "\ud800",
  "\udfff",
  "😀",
  "٣",
  "１",
  "'",
  '"',
  "\\",
  ";",
  "%00",
  "e",
  "+",
  "1e3",
  "0x1f",
  "Infinity",
  "NaN",
  "__proto__",
  "constructor",
];

function randomString(random: Random, maxLength: number): string {
  let s = "";
  const length = int(random, 0, maxLength);
  while (s.length < length) s += random() < 0.6 ? pickOne(random, NASTY) : String.fromCharCode(int(random, 0, 0xffff));
  return s;
}

/** One mutation of `valid` (or, one time in eight, a random string). */
export function mutate(random: Random, valid: string): string {
  if (random() < 0.125) return randomString(random, 300);
  let s = valid;
  const steps = int(random, 1, 4);
  for (let i = 0; i < steps; i++) {
    const at = int(random, 0, s.length);
    switch (int(random, 0, 6)) {
      case 0:
        s = s.slice(0, at) + pickOne(random, NASTY) + s.slice(at);
        break; // insert
      case 1:
        s = s.slice(0, at) + s.slice(at + int(random, 1, 3));
        break; // delete
      case 2:
        s = s.slice(0, at);
        break; // cut off
      case 3:
        s = s + pickOne(random, [",", "..", ",v1=", ",t=", " "]) + s.slice(0, at);
        break; // repeat a part
      case 4:
        s = s.slice(0, at) + String.fromCharCode(int(random, 0, 0xffff)) + s.slice(at + 1);
        break; // replace one
      case 5:
        s = ` ${s}${pickOne(random, ["", " ", "\t", "\n"])}`;
        break; // padding
      default:
        s = s.replace(/\d/, () => String(int(random, 0, 9)).repeat(int(random, 1, 30)));
        break; // long numbers
    }
  }
  return s;
}
