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
  caravan: "M20 32 L140 32 Q148 32 148 40 L148 82 L20 82 Q12 82 12 74 L12 40 Q12 32 20 32 Z M148 76 L158 78",
};
const ALIASES: Record<string, string> = {
  hatchback: "hatch",
  wagon: "suv",
  stationWagon: "suv",
  "4x4": "suv",
  peopleMover: "van",
  bus: "van",
  lightTruck: "ute",
  cabChassis: "ute",
  convertible: "coupe",
  softtop: "coupe",
  hardtop: "coupe",
  prestige: "sedan",
  ev: "hatch",
  motorhome: "van",
};

export function BodyIllustration({ body, label }: { body: string; label: string }) {
  const key = SHAPES[body] ? body : (ALIASES[body] ?? "sedan");
  const isCaravan = key === "caravan";
  return (
    <svg viewBox="0 0 160 120" width="640" height="480" role="img" aria-label={label} className="h-auto w-full bg-slate-100">
      <rect width="160" height="120" fill="#eef2f7" />
      <path d={SHAPES[key]} fill="var(--site-primary)" opacity="0.18" stroke="var(--site-primary)" strokeWidth="1.5" strokeLinejoin="round" />
      {isCaravan ? (
        <>
          <rect x="30" y="44" width="30" height="16" rx="2" fill="#fff" opacity="0.8" />
          <rect x="96" y="44" width="24" height="34" rx="2" fill="#fff" opacity="0.8" />
          <circle cx="70" cy="86" r="9" fill="#334155" />
        </>
      ) : (
        <>
          <circle cx="44" cy="84" r="10" fill="#334155" />
          <circle cx="120" cy="84" r="10" fill="#334155" />
        </>
      )}
    </svg>
  );
}
