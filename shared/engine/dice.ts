import type { Board, Face } from "./board.ts";
import { parseFaces } from "./board.ts";
import { EngineError } from "./errors.ts";
import { type Rng, shuffle } from "./rng.ts";

/** A die: its six faces. */
export type Die = readonly Face[];
export type DiceName = "classic" | "new" | "big" | "superbig";

const FACES_PER_DIE = 6;

/** Dice written as in the SPEC: one letter per face, `Q` the Qu face, `[xy]` multi-letter, `.` blank. */
function dice(spec: string): Die[] {
  return spec.split(" ").map((die, i) =>
    // Plain letter dice (all but one) skip the general face parser: cheaper on a cold start.
    /^[A-Z]{6}$/.test(die) ? Array.from(die.toLowerCase(), (ch) => (ch === "q" ? "qu" : ch)) : parseDie(die, `die ${i + 1}`),
  );
}

/** The dice sets as the SPEC writes them; parsed on first use (a cold start shakes only one). */
const DICE_SPECS: Readonly<Record<DiceName, string>> = {
  // The boxed game's set sold through the 1970s and early 1980s.
  classic:
    "AACIOT ABILTY ABJMOQ ACDEMP ACELRS ADENVZ AHMORS BIFORX DENOSW DKNOTU EEFHIY EGINTV EGKLUY EHINPS ELPSTU GILRUW",
  // The set sold since the late 1980s.
  new:
    "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNQU HLNNRZ",
  // The original 5x5 game.
  big:
    "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQXZ CCENST CEIILT CEILPT CEIPST DDHNOT DHHLOR " +
      "DHLNOR DHLNOR EIIITT EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW OOOTTU",
  // Super Big Boggle (6x6, Winning Moves / Hasbro, 2011), as tabulated in the BoardGameGeek thread
  // "Letter distribution" and the Board & Card Games Stack Exchange question "Boggle: what is the
  // dice configuration for Boggle in various languages?": one die carries the multi-letter faces
  // An Er He In Qu Th, one has three blank faces.
  superbig:
    "AAAFRS AAEEEE AAEEOO AAFIRS ABDEIO ADENNN AEEEEM AEEGMU AEGMNN AEILMN AEINOU AFIRSY [an][er][he][in]Q[th] " +
      "BBJKXZ CCENST CDDLNN CEIITT CEIPST CFGNUY DDHNOT DHHLOR DHHNOW DHLNOR EHILRS EIILST EILPST EIO... EMTTTO " +
      "ENSSSU GORRVW HIRSTV HOPRST IPRSYY JKQWXZ NOOTUW OOOTTU",
};

export const DICE = {} as Readonly<Record<DiceName, readonly Die[]>>;
for (const name of Object.keys(DICE_SPECS) as DiceName[]) {
  let parsed: readonly Die[] | undefined;
  Object.defineProperty(DICE, name, { enumerable: true, get: () => (parsed ??= Object.freeze(dice(DICE_SPECS[name]))) });
}
Object.freeze(DICE);

export const DICE_NAMES = Object.keys(DICE) as DiceName[];

export function isDiceName(name: string): name is DiceName {
  return Object.hasOwn(DICE, name);
}

function parseDie(text: string, where: string): Die {
  // On dice, Q is always the Qu face (no die has a bare Q).
  const faces = parseFaces(text, { quFace: true }, where);
  if (faces.length !== FACES_PER_DIE) {
    throw new EngineError(`${where}: a die has ${FACES_PER_DIE} faces, found ${faces.length} in "${text}"`);
  }
  return Object.freeze(faces);
}

/**
 * A user's dice file: one die per line, six faces written together (`EDAIJW`, `[Qu]` for a
 * multi-letter face). Blank lines and `#` comments are skipped; the die count must fill a square.
 */
export function parseDiceFile(text: string): Die[] {
  const result: Die[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    if (/\s/.test(line)) throw new EngineError(`dice file line ${i + 1}: faces must be written together, as in "EDAIJW"`);
    result.push(parseDie(line, `dice file line ${i + 1}`));
  });
  if (result.length === 0) throw new EngineError("the dice file has no dice");
  const side = Math.sqrt(result.length);
  if (!Number.isInteger(side)) {
    throw new EngineError(`the dice file has ${result.length} dice; a square tray needs 4, 9, 16, 25, 36, ... dice`);
  }
  return result;
}

/**
 * Shakes the tray: permute the die positions (Fisher-Yates), then for each position in order
 * roll that die with random(6). The board is square, side = sqrt(number of dice).
 */
export function shake(diceSet: readonly Die[], rng: Rng): Board {
  const side = Math.sqrt(diceSet.length);
  if (!Number.isInteger(side) || side < 1) throw new EngineError(`${diceSet.length} dice do not fill a square tray`);
  const order = shuffle([...diceSet], rng);
  const faces = order.map((die) => die[rng.random(FACES_PER_DIE)]);
  return { rows: side, cols: side, faces };
}
