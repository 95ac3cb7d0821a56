/**
 * A light body-type illustration for cars without photos (the real data set has none).
 * Inline SVG with fixed 4:3 dimensions so nothing shifts when it renders.
 */

const SHAPES: Record<string, string> = {
  // Side profiles on a 160x120 canvas; wheels drawn separately.
  sedan: "M14 78 L30 62 L56 50 L104 50 L126 62 L146 66 L148 82 L14 82 Z",
  hatch: "M14 78 L28 60 L52 46 L98 46 L116 62 L146 66 L148 82 L14 82 Z",
  suv: "M12 80 L16 56 L40 42 L108 42 L128 58 L148 62 L150 84 L12 84 Z",
  ute: "M12 80 L14 58 L36 44 L74 44 L82 60 L150 60 L150 84 L12 84 Z",
  van: "M12 82 L12 44 L30 34 L122 34 L140 58 L150 62 L150 84 L12 84 Z",
  coupe: "M14 78 L38 58 L64 50 L100 52 L130 64 L148 68 L148 82 L14 82 Z",
  wagon: "M12 80 L16 60 L36 46 L122 46 L134 60 L148 64 L150 84 L12 84 Z",
  peopleMover: "M12 82 L14 50 L34 38 L124 38 L142 58 L150 62 L150 84 L12 84 Z",
  cabChassis: "M12 80 L14 58 L34 44 L66 44 L72 58 L72 66 L152 66 L152 80 L12 80 Z",
  convertible: "M14 78 L30 64 L60 62 L104 62 L128 64 L148 68 L148 82 L14 82 Z",
  motorhome: "M10 84 L10 30 Q10 24 16 24 L150 24 L150 60 L156 64 L156 84 Z",
  bus: "M8 84 L8 30 Q8 24 14 24 L146 24 Q152 24 152 30 L152 84 Z",
  lightTruck: "M10 82 L10 28 L92 28 L92 82 Z M94 82 L94 46 L124 46 L140 62 L150 66 L150 84 L94 84 Z",
  caravan: "M20 32 L140 32 Q148 32 148 40 L148 82 L20 82 Q12 82 12 74 L12 40 Q12 32 20 32 Z M148 76 L158 78",
};
const ALIASES: Record<string, string> = {
  hatchback: "hatch",
  stationWagon: "wagon",
  "4x4": "suv",
  softtop: "convertible",
  hardtop: "coupe",
  prestige: "sedan",
  ev: "hatch",
};

/** Wheel centres (x) per shape; every car shape has two axles. */
const WHEELS: Record<string, number[]> = { default: [44, 120], van: [40, 124], ute: [40, 126], cabChassis: [40, 126], peopleMover: [40, 124], motorhome: [34, 128], bus: [30, 130], lightTruck: [34, 126] };

/**
 * The illustration of a car without photos (issue 17): its body shape (spec 9 body types), in
 * its real paint when known, a caravan with its real number of axles, and the make's logo when
 * the icon set has one. Fixed 4:3 box so nothing shifts.
 * @param paint hex fill (from paintFor), null for a neutral tint of the site colour
 * @param axles caravan axles (1-3); cars always show two wheels
 * @param logoUrl the make's logo (/brand-logos/{slug}.svg) or null
 */
export function BodyIllustration({ body, label, paint = null, axles = 1, logoUrl = null }: { body: string; label: string; paint?: string | null; axles?: number; logoUrl?: string | null }) {
  const key = SHAPES[body] ? body : (ALIASES[body] ?? "sedan");
  const isCaravan = key === "caravan";
  const fill = paint ?? "#9aa5b1";
  const caravanWheels = axles >= 3 ? [58, 76, 94] : axles === 2 ? [64, 86] : [76];
  const wheels = isCaravan ? caravanWheels : (WHEELS[key] ?? WHEELS.default);
  return (
    <svg viewBox="0 0 160 120" width="640" height="480" role="img" aria-label={label} className="h-auto w-full bg-slate-100">
      <rect width="160" height="120" fill="#eef2f7" />
      <rect y="92" width="160" height="28" fill="#cbd5e1" />
      <ellipse cx="80" cy="93" rx="68" ry="3" fill="#94a3b8" opacity="0.5" />
      <path d={SHAPES[key]} fill={fill} opacity={1} stroke="#334155" strokeOpacity="0.55" strokeWidth="1.2" strokeLinejoin="round" />
      {isCaravan ? (
        <>
          <rect x="30" y="44" width="30" height="16" rx="2" fill="#cbd5e1" opacity="0.9" />
          <rect x="100" y="44" width="22" height="34" rx="2" fill="#e2e8f0" stroke="#64748b" strokeWidth="0.6" opacity="0.95" />
        </>
      ) : (
        <path d={WINDOWS[key] ?? WINDOWS.sedan} fill="#cbd5e1" opacity="0.85" />
      )}
      {wheels.map((x) => (
        <g key={x}>
          <circle cx={x} cy={isCaravan ? 86 : 84} r={isCaravan ? 8 : 10} fill="#1e293b" />
          <circle cx={x} cy={isCaravan ? 86 : 84} r={isCaravan ? 3.5 : 4.5} fill="#94a3b8" />
        </g>
      ))}
      {logoUrl ? (
        <>
          <rect x="132" y="95" width="24" height="21" rx="3" fill="#ffffff" opacity="0.9" />
          <image href={logoUrl} x="134" y="96" width="20" height="19" />
        </>
      ) : null}
    </svg>
  );
}

/** Side windows per shape (lighter glass), on the same canvas. */
const WINDOWS: Record<string, string> = {
  sedan: "M36 62 L58 53 L100 53 L118 62 Z",
  hatch: "M34 60 L54 49 L96 49 L110 60 Z",
  suv: "M24 56 L42 45 L106 45 L122 56 Z",
  ute: "M22 58 L38 47 L72 47 L76 58 Z",
  van: "M20 52 L20 44 L32 38 L118 38 L132 56 Z",
  coupe: "M44 60 L66 53 L98 54 L118 62 Z",
  wagon: "M24 60 L40 50 L120 50 L128 60 Z",
  peopleMover: "M22 54 L38 43 L120 43 L134 56 Z",
  cabChassis: "M22 58 L38 48 L62 48 L66 58 Z",
  convertible: "M60 62 L66 54 L70 62 Z",
  motorhome: "M18 32 L100 32 L100 46 L18 46 Z M130 30 L146 30 L146 52 L130 52 Z",
  bus: "M16 32 L144 32 L144 48 L16 48 Z",
  lightTruck: "M100 50 L122 50 L134 62 L100 62 Z",
};
