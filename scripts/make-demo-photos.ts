/**
 * Draws the demo gallery photos (issue 17, issue 52) with sharp from SVG: gradients and simple
 * shapes, no downloads. One set of five per demo gallery car (db/seed/presentation.ts), each in
 * the car's colour and body shape, every photo labelled "Demo photo n of 5". Run once; the JPEGs
 * are committed under public/demo-photos/. Name sets to draw only those (existing files stay):
 *   npx tsx scripts/make-demo-photos.ts                        # every set
 *   npx tsx scripts/make-demo-photos.ts gallery-caravan        # one set
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";

const OUT = "public/demo-photos";
type View = { label: string; sky: [string, string]; ground: string; body: string; wheels: number[] };
const SKIES: [string, string][] = [["#8ec5fc", "#e0f0ff"], ["#fbc2eb", "#fde9f3"], ["#f6d365", "#fff4d6"], ["#d4d4d8", "#f4f4f5"], ["#84fab0", "#e6fff0"]];
const GROUNDS = ["#6b7280", "#4b5563", "#57534e", "#3f3f46", "#52525b"];
const CAR_WHEELS = [330, 950];
const INTERIOR = "M200 700 L260 420 Q640 300 1020 420 L1080 700 Z";
/** Five views per body shape, in shooting order. */
const SHAPES: Record<"suv" | "ute" | "caravan", Omit<View, "sky" | "ground">[]> = {
  suv: [
    { label: "Front three-quarter", body: "M140 600 L220 470 L420 380 L860 380 L1010 470 L1140 500 L1150 640 L140 640 Z", wheels: CAR_WHEELS },
    { label: "Side profile", body: "M100 620 L140 480 L330 400 L900 400 L1040 480 L1180 520 L1190 660 L100 660 Z", wheels: CAR_WHEELS },
    { label: "Rear", body: "M260 640 L300 430 L420 360 L860 360 L980 430 L1020 640 Z", wheels: CAR_WHEELS },
    { label: "Interior", body: INTERIOR, wheels: [] },
    { label: "Boot", body: "M220 660 L300 380 L980 380 L1060 660 Z", wheels: CAR_WHEELS },
  ],
  ute: [
    { label: "Front three-quarter", body: "M120 600 L200 470 L380 390 L640 390 L700 470 L1150 480 L1160 640 L120 640 Z", wheels: CAR_WHEELS },
    { label: "Side profile", body: "M90 620 L130 490 L300 410 L620 410 L680 490 L1190 490 L1190 660 L90 660 Z", wheels: CAR_WHEELS },
    { label: "Rear", body: "M250 640 L280 420 L1000 420 L1030 640 Z", wheels: CAR_WHEELS },
    { label: "Interior", body: INTERIOR, wheels: [] },
    { label: "Tray", body: "M160 660 L200 470 L1080 470 L1120 660 Z", wheels: CAR_WHEELS },
  ],
  caravan: [
    { label: "Front three-quarter", body: "M160 640 L170 380 Q210 330 310 330 L1000 330 Q1120 330 1140 400 L1150 640 Z M40 610 L170 600 L170 620 L40 630 Z", wheels: [560, 730] },
    { label: "Side profile", body: "M120 650 L120 370 Q120 320 180 320 L1100 320 Q1160 320 1160 380 L1160 650 Z", wheels: [560, 730] },
    { label: "Rear", body: "M300 660 L300 340 Q640 300 980 340 L980 660 Z", wheels: [] },
    { label: "Interior", body: INTERIOR, wheels: [] },
    { label: "Kitchen", body: "M200 700 L200 450 L1080 450 L1080 700 Z", wheels: [] },
  ],
};
/** One set per demo gallery car: file prefix, body colour and outline, shape. */
const SETS: { prefix: string; colour: string; outline: string; shape: keyof typeof SHAPES }[] = [
  { prefix: "gallery-fixture", colour: "#a3121f", outline: "#3b0a0f", shape: "suv" },
  { prefix: "gallery-toyota-hilux", colour: "#f3f4f6", outline: "#374151", shape: "ute" },
  { prefix: "gallery-ford-ranger", colour: "#1d4ed8", outline: "#172554", shape: "ute" },
  { prefix: "gallery-caravan", colour: "#fafaf9", outline: "#44403c", shape: "caravan" },
];

const only = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
for (const set of SETS.filter((s) => only.length === 0 || only.includes(s.prefix))) {
  const views = SHAPES[set.shape];
  for (const [i, v] of views.entries()) {
    const wheels = v.wheels.map((cx) => `<circle cx="${cx}" cy="660" r="78" fill="#111827"/><circle cx="${cx}" cy="660" r="34" fill="#9ca3af"/>`).join("");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${SKIES[i][0]}"/><stop offset="1" stop-color="${SKIES[i][1]}"/></linearGradient></defs>
  <rect width="1280" height="960" fill="url(#g)"/>
  <rect y="680" width="1280" height="280" fill="${GROUNDS[i]}"/>
  <path d="${v.body}" fill="${set.colour}" stroke="${set.outline}" stroke-width="6"/>
  ${wheels}
  <text x="60" y="110" font-family="DejaVu Sans, sans-serif" font-size="54" fill="#111827">Demo photo ${i + 1} of ${views.length}: ${v.label}</text>
</svg>`;
    const file = `${OUT}/${set.prefix}-${i + 1}.jpg`;
    await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true }).toFile(file);
    console.log(file);
  }
}
