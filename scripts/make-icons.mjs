// Draws the app icons (the jewel mark of public/favicon.svg) as PNGs with nothing but node:zlib, so
// they can be remade on any machine: `node scripts/make-icons.mjs`. The PNGs are committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BRAND = [0x7c, 0x56, 0x1d];
const CREAM = [0xf4, 0xea, 0xd1];

// The mark in favicon.svg's 64-unit box: a cut gem (filled) with its facet lines (stroked).
const GEM = [
  [20, 14],
  [44, 14],
  [54, 26],
  [32, 52],
  [10, 26],
];
const FACET_LINES = [
  [
    [10, 26],
    [54, 26],
  ],
  [
    [32, 52],
    [24, 26],
  ],
  [
    [24, 26],
    [32, 14],
  ],
  [
    [32, 14],
    [40, 26],
  ],
  [
    [40, 26],
    [32, 52],
  ],
];
const FACET_HALF_WIDTH = 1.25;
const CORNER_RADIUS = 14;

const ICONS = [
  // Home-screen and install icons: the favicon's rounded tile on a transparent ground.
  { file: "public/icons/icon-192.png", size: 192, tile: "rounded", markScale: 1 },
  { file: "public/icons/icon-512.png", size: 512, tile: "rounded", markScale: 1 },
  // Maskable: full-bleed tile, mark kept well inside the 80% safe circle the launcher may crop to.
  { file: "public/icons/maskable-512.png", size: 512, tile: "square", markScale: 0.8 },
  // iOS rounds the corners itself and shows transparency as black, so the tile is square and opaque.
  { file: "public/apple-touch-icon.png", size: 180, tile: "square", markScale: 0.9 },
];

function insidePolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(x, y, [[ax, ay], [bx, by]]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

function insideRoundedTile(x, y) {
  if (x < 0 || y < 0 || x > 64 || y > 64) return false;
  const cx = Math.min(Math.max(x, CORNER_RADIUS), 64 - CORNER_RADIUS);
  const cy = Math.min(Math.max(y, CORNER_RADIUS), 64 - CORNER_RADIUS);
  return Math.hypot(x - cx, y - cy) <= CORNER_RADIUS;
}

/** The colour at a point of the 64-unit canvas, or null where it is transparent. */
function colourAt(u, v, { tile, markScale }) {
  if (tile === "rounded" && !insideRoundedTile(u, v)) return null;
  const x = 32 + (u - 32) / markScale;
  const y = 32 + (v - 32) / markScale;
  if (!insidePolygon(x, y, GEM)) return BRAND;
  const onFacet = FACET_LINES.some((line) => distanceToSegment(x, y, line) <= FACET_HALF_WIDTH);
  return onFacet ? BRAND : CREAM;
}

/** RGBA pixels, anti-aliased by averaging a 4×4 grid of samples per pixel. */
function render(icon) {
  const { size } = icon;
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = ((px + (sx + 0.5) / samples) * 64) / size;
          const v = ((py + (sy + 0.5) / samples) * 64) / size;
          const colour = colourAt(u, v, icon);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const at = (py * size + px) * 4;
      if (covered > 0) {
        pixels[at] = Math.round(r / covered);
        pixels[at + 1] = Math.round(g / covered);
        pixels[at + 2] = Math.round(b / covered);
      }
      pixels[at + 3] = Math.round((covered / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

mkdirSync("public/icons", { recursive: true });
for (const icon of ICONS) {
  writeFileSync(icon.file, encodePng(icon.size, render(icon)));
  console.log(`wrote ${icon.file} (${icon.size}×${icon.size})`);
}
