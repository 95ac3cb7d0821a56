/**
 * Generates data/demo-caravans.json: GENERATED caravan stock for the caravan demo site, in
 * Forecourt's own feed format. No real caravan data set is available here, so this is made-up
 * data with a fixed seed (same output every run). Run: npx tsx scripts/generate-caravans.ts
 */
import { writeFileSync } from "node:fs";

let state = 20261121;
/** Mulberry32: small deterministic PRNG (output is demo data only). */
function random(): number {
  state |= 0;
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

const MAKES: Record<string, string[]> = {
  Jayco: ["Journey", "Crosstrak", "Starcraft", "Silverline", "Conquest"],
  "New Age": ["Manta Ray", "Road Owl", "Big Red", "Wanderer"],
  Lotus: ["Trooper", "Freelander", "Off Grid"],
  Zone: ["Z-5", "Z-4 Family", "Z-7"],
  Avan: ["Aliner", "Cruiseliner", "Aspire"],
  "Coronet RV": ["Retreat", "Escape", "Trekker"],
};
const LAYOUTS = ["Off-Road Single Axle", "Family Bunk Van", "Tandem Touring", "Pop-Top", "Full Height Ensuite"];
const out = [];
for (let i = 1; i <= 48; i++) {
  const make = pick(Object.keys(MAKES));
  const model = pick(MAKES[make]);
  const isNew = random() < 0.45;
  const year = isNew ? 2026 : 2014 + Math.floor(random() * 11);
  const length = Math.round((14 + random() * 10) * 2) / 2;
  const tandem = length >= 18;
  const sleeps = 2 + Math.floor(random() * 5);
  const base = 35000 + length * 3200 + (isNew ? 25000 : 0) - (isNew ? 0 : (2026 - year) * 2500);
  out.push({
    stock_number: `CV${String(1000 + i)}`,
    car_type: isNew ? "new" : "used",
    item_type: "caravan",
    make,
    model,
    badge: `${length}ft ${pick(LAYOUTS)}`,
    year,
    price: Math.round(base / 100) * 100 - 10,
    km: null,
    body: "Caravan",
    colour: pick(["White", "Silver", "Charcoal", "Composite White"]),
    body_length_ft: length,
    body_width_ft: Math.round((7 + random() * 1) * 10) / 10,
    tare_weight_kg: Math.round((1500 + length * 60 + random() * 300) / 10) * 10,
    atm_kg: Math.round((2300 + length * 70 + random() * 300) / 10) * 10,
    axle_type: tandem ? "Tandem" : "Single",
    sleeps,
    features: ["Solar panels", "Lithium battery", "Diesel heater", "External kitchen", "Ensuite", "Washing machine", "Roll-out awning", "Reversing camera"].filter(() => random() < 0.6),
    dealer_comments: `Generated demo listing.|${make} ${model} ${length}ft, sleeps ${sleeps}, ${tandem ? "tandem" : "single"} axle.`,
    location_slug: random() < 0.8 ? "bendigo" : "bendigo-service-parts",
  });
}
writeFileSync(new URL("../data/demo-caravans.json", import.meta.url), JSON.stringify({ generated: "scripts/generate-caravans.ts (fixed seed; made-up demo data)", cars: out }, null, 1) + "\n");
console.log(`wrote ${out.length} generated caravans to data/demo-caravans.json`);
