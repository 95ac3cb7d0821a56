/**
 * Draws the gallery fixture's demo photos (issue 17) with sharp from SVG: gradients and simple
 * shapes, no downloads. Run once; the JPEGs are committed under public/demo-photos/.
 *   npx tsx scripts/make-demo-photos.ts
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";

const OUT = "public/demo-photos";
const RED = "#a3121f";
const scenes: { file: string; sky: [string, string]; ground: string; label: string; body: string }[] = [
  { file: "gallery-fixture-1.jpg", sky: ["#8ec5fc", "#e0f0ff"], ground: "#6b7280", label: "Front three-quarter", body: "M140 600 L220 470 L420 380 L860 380 L1010 470 L1140 500 L1150 640 L140 640 Z" },
  { file: "gallery-fixture-2.jpg", sky: ["#fbc2eb", "#fde9f3"], ground: "#4b5563", label: "Side profile", body: "M100 620 L140 480 L330 400 L900 400 L1040 480 L1180 520 L1190 660 L100 660 Z" },
  { file: "gallery-fixture-3.jpg", sky: ["#f6d365", "#fff4d6"], ground: "#57534e", label: "Rear", body: "M260 640 L300 430 L420 360 L860 360 L980 430 L1020 640 Z" },
  { file: "gallery-fixture-4.jpg", sky: ["#d4d4d8", "#f4f4f5"], ground: "#3f3f46", label: "Interior", body: "M200 700 L260 420 Q640 300 1020 420 L1080 700 Z" },
  { file: "gallery-fixture-5.jpg", sky: ["#84fab0", "#e6fff0"], ground: "#52525b", label: "Boot", body: "M220 660 L300 380 L980 380 L1060 660 Z" },
];

mkdirSync(OUT, { recursive: true });
for (const [i, s] of scenes.entries()) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#g)"/>
  <rect y="680" width="1280" height="280" fill="${s.ground}"/>
  <path d="${s.body}" fill="${RED}" stroke="#3b0a0f" stroke-width="6"/>
  ${i === 3 ? "" : `<circle cx="330" cy="660" r="78" fill="#111827"/><circle cx="330" cy="660" r="34" fill="#9ca3af"/><circle cx="950" cy="660" r="78" fill="#111827"/><circle cx="950" cy="660" r="34" fill="#9ca3af"/>`}
  <text x="60" y="110" font-family="DejaVu Sans, sans-serif" font-size="54" fill="#111827">Demo photo ${i + 1} of ${scenes.length}: ${s.label}</text>
</svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true }).toFile(`${OUT}/${s.file}`);
  console.log(`${OUT}/${s.file}`);
}
