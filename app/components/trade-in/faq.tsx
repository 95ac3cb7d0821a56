/** Trade-in FAQ block (spec 2.6), content from SiteConfig `tradeIn.faq`. Works without JavaScript (details/summary). */
export function TradeInFaq({ items }: { items: { question: string; answer: string }[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="trade-in-faq-title" className="mt-8 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="trade-in-faq-title" className="text-xl font-semibold">
        Trade-in questions
      </h2>
      <div className="mt-3 divide-y divide-slate-200">
        {items.map((item) => (
          <details key={item.question} className="py-3">
            <summary className="cursor-pointer font-medium">{item.question}</summary>
            {item.answer.split(/\n\s*\n/).map((para) => (
              <p key={para} className="mt-2 text-slate-700">
                {para}
              </p>
            ))}
          </details>
        ))}
      </div>
    </section>
  );
}
