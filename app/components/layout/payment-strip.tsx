import { siApplepay, siGooglepay, siMastercard, siVisa, type SimpleIcon } from "simple-icons";

/** A simple-icons mark (24 x 24 units) centred in the 48 x 24 badge, in its brand colour. */
const mark = (icon: SimpleIcon) => <path transform="translate(13 1) scale(0.9166)" d={icon.path} fill={`#${icon.hex}`} />;

/**
 * Spec 2.6, 9: the 'We accept' strip (Mastercard, Visa, Maestro, Google Pay, Apple Pay). The marks
 * come from simple-icons (CC0, kept by its community; named imports, so only these five paths
 * reach the page's code). simple-icons has no Maestro mark: Maestro's own mark is its two
 * overlapping circles, drawn here in its colours.
 */
const PAYMENT: Record<string, { label: string; art: React.ReactNode }> = {
  mastercard: { label: "Mastercard", art: mark(siMastercard) },
  visa: { label: "Visa", art: mark(siVisa) },
  maestro: {
    label: "Maestro",
    art: (
      <>
        <circle cx="19" cy="12" r="7" fill="#0099df" />
        <circle cx="29" cy="12" r="7" fill="#eb001b" fillOpacity="0.85" />
      </>
    ),
  },
  "google-pay": { label: "Google Pay", art: mark(siGooglepay) },
  "apple-pay": { label: "Apple Pay", art: mark(siApplepay) },
};

/** Payment logos as small inline SVG badges, each with its name as accessible text. */
export function PaymentStrip({ methods }: { methods: string[] }) {
  const shown = methods.filter((m) => PAYMENT[m]);
  if (!shown.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span id="we-accept">We accept</span>
      <ul aria-labelledby="we-accept" className="flex flex-wrap gap-1.5">
        {shown.map((m) => (
          <li key={m}>
            <svg role="img" aria-label={PAYMENT[m].label} viewBox="0 0 48 24" width="48" height="24" className="rounded bg-white">
              {PAYMENT[m].art}
            </svg>
          </li>
        ))}
      </ul>
    </div>
  );
}
