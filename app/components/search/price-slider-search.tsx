import * as Slider from "@radix-ui/react-slider";
import { useNearViewport } from "~/components/island";
import { useState } from "react";
import { Form } from "react-router";
import { dollarRangeText, PRICE_SLIDER_SEARCH, priceSliderSearchValue } from "~/search/slider";

/**
 * The price-slider search (spec 2.2, 5, 9): two thumbs on a 5,000-250,000 scale in steps of 500,
 * at least 1 apart, the range shown as dollar text; "Search" opens the results route with
 * `price=min:max`. Without JavaScript the min and max boxes submit the same GET form.
 */
export function PriceSliderSearch({ itemPlural }: { itemPlural: string }) {
  const { min, max, step } = PRICE_SLIDER_SEARCH;
  const [placeholder, near] = useNearViewport();
  const [value, setValueState] = useState<[number, number]>([min, max]);
  const [texts, setTexts] = useState<[string, string]>([String(min), String(max)]);
  const setValue = (v: [number, number]) => {
    setValueState(v);
    setTexts([String(v[0]), String(v[1])]);
  };
  const typed = (i: 0 | 1, raw: string) => setTexts(i === 0 ? [raw, texts[1]] : [texts[0], raw]);
  const settle = () => {
    const a = Number(texts[0]);
    const b = Number(texts[1]);
    setValue(priceSliderSearchValue([Number.isFinite(a) ? a : value[0], Number.isFinite(b) ? b : value[1]]));
  };
  return (
    <Form method="get" action="/search" className="rounded-lg bg-white p-4 shadow-sm" aria-labelledby="price-search-title">
      <h2 id="price-search-title" className="text-lg font-semibold">
        Search {itemPlural} by price
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="price-search-text" aria-live="polite">
        {dollarRangeText(value)}
      </p>
      {/* Radix renders its thumbs hidden and without aria-valuenow until measured: the slider appears
          once hydrated and near the screen (decision 195: its measuring forced a layout in the
          page's hydration task). */}
      {near ? (
      <Slider.Root
        className="relative mt-3 flex h-5 touch-none select-none items-center"
        min={min}
        max={max}
        step={step}
        value={value}
        minStepsBetweenThumbs={1}
        onValueChange={(v) => setValue(priceSliderSearchValue([v[0], v[1]]))}
      >
        <Slider.Track className="relative h-1 grow rounded bg-slate-200">
          <Slider.Range className="absolute h-full rounded bg-[var(--site-primary)]" />
        </Slider.Track>
        <Slider.Thumb aria-label="Minimum price" className="block h-4 w-4 rounded-full border-2 border-[var(--site-primary)] bg-white" />
        <Slider.Thumb aria-label="Maximum price" className="block h-4 w-4 rounded-full border-2 border-[var(--site-primary)] bg-white" />
      </Slider.Root>
      ) : (
        <div ref={placeholder} className="mt-3 h-5" aria-hidden="true" />
      )}
      <div className="mt-3 flex items-end gap-2">
        <label className="text-xs text-slate-600">
          Min $
          <input name="price_min" type="number" min={min} max={max} step={step} value={texts[0]} onChange={(e) => typed(0, e.target.value)} onBlur={settle} className="mt-0.5 w-28 rounded border border-slate-300 px-2 py-1 text-sm" />
        </label>
        <label className="text-xs text-slate-600">
          Max $
          <input name="price_max" type="number" min={min} max={max} step={step} value={texts[1]} onChange={(e) => typed(1, e.target.value)} onBlur={settle} className="mt-0.5 w-28 rounded border border-slate-300 px-2 py-1 text-sm" />
        </label>
        <button type="submit" className="rounded bg-[var(--site-primary)] px-4 py-1.5 font-semibold text-[var(--site-on-primary)]">
          Search
        </button>
      </div>
    </Form>
  );
}
