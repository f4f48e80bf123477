// The bands of the stats page's score histogram (no DOM here: the tests read it directly).

export interface Band {
  /** Lowest score in the band. */
  from: number;
  /** Highest score in the band. */
  to: number;
  days: number;
}

/** A round band width (1, 2, 5, 10, 20, 50, ...) that splits 0..max into at most `most` bands. */
function bandWidth(max: number, most: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) if ((Math.floor(max / (step * scale)) + 1) <= most) return step * scale;
  }
}

/** Scores grouped into at most `most` equal bands from 0 to the best score. */
export function scoreBands(scores: readonly number[], most = 8): Band[] {
  if (scores.length === 0) return [];
  const width = bandWidth(Math.max(...scores), most);
  const count = Math.floor(Math.max(...scores) / width) + 1;
  const bands: Band[] = Array.from({ length: count }, (_, i) => ({ from: i * width, to: i * width + width - 1, days: 0 }));
  for (const score of scores) bands[Math.floor(score / width)].days++;
  return bands;
}

export const bandLabel = (b: Band) => (b.from === b.to ? String(b.from) : `${b.from}–${b.to}`);

