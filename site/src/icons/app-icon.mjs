// The app's icon, drawn with shapes only (no font, so every machine renders the same pixels): a
// board tile with a "T" on the brand colour. `maskable` keeps the mark inside the central circle
// of 40% radius that every launcher's mask leaves visible, on a background that fills the square.
const BRAND = "#0b5c7e";
const TILE = "#fff1d0";
const INK = "#1d1b16";

/** The icon as SVG on a 512-unit square. */
export function appIconSvg({ maskable }) {
  // The tile: a rounded square; inside the safe zone (a 0.8 x 0.8 centred circle) when maskable.
  const tile = maskable ? { x: 136, size: 240, r: 36 } : { x: 72, size: 368, r: 56 };
  const s = tile.size / 368;
  const at = (v) => tile.x + v * s;
  const background = maskable
    ? `<rect width="512" height="512" fill="${BRAND}"/>`
    : `<rect width="512" height="512" rx="96" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${background}` +
    `<rect x="${tile.x}" y="${tile.x}" width="${tile.size}" height="${tile.size}" rx="${tile.r}" fill="${TILE}"/>` +
    // The T: a bar and a stem.
    `<rect x="${at(72)}" y="${at(78)}" width="${224 * s}" height="${56 * s}" rx="${10 * s}" fill="${INK}"/>` +
    `<rect x="${at(156)}" y="${at(78)}" width="${56 * s}" height="${212 * s}" rx="${10 * s}" fill="${INK}"/>` +
    `</svg>`;
}

/** The PNG files the manifest names: [file name, pixel size, maskable]. */
export const APP_ICONS = [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["icon-maskable-192.png", 192, true],
  ["icon-maskable-512.png", 512, true],
];
