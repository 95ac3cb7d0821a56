/** Spec 2.6, 9: the 'We accept' strip (Mastercard, Visa, Maestro, Google Pay, Apple Pay). */
const PAYMENT: Record<string, { label: string; art: React.ReactNode }> = {
  mastercard: {
    label: "Mastercard",
    art: (
      <>
        <circle cx="19" cy="12" r="7" fill="#eb001b" />
        <circle cx="29" cy="12" r="7" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  visa: { label: "Visa", art: <text x="24" y="16.5" textAnchor="middle" fontSize="12" fontWeight="700" fontStyle="italic" fill="#1a1f71">VISA</text> },
  maestro: {
    label: "Maestro",
    art: (
      <>
        <circle cx="19" cy="12" r="7" fill="#0099df" />
        <circle cx="29" cy="12" r="7" fill="#eb001b" fillOpacity="0.85" />
      </>
    ),
  },
  "google-pay": { label: "Google Pay", art: <text x="24" y="16" textAnchor="middle" fontSize="10" fontWeight="600" fill="#3c4043">G Pay</text> },
  "apple-pay": { label: "Apple Pay", art: <text x="24" y="16" textAnchor="middle" fontSize="10" fontWeight="600" fill="#000"> Pay</text> },
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
