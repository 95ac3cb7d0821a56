import * as Slider from "@radix-ui/react-slider";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNearViewport } from "~/components/island";
import { parseTypedBound, rangeSliderBounds, sliderMoveToRange, sliderValue } from "~/search/slider";
import type { NumericRange, RangeFacet } from "~/search/types";
import { wholeNumberText } from "~/domain/display/number-text";

/** Spec 5: the slider's URL update is debounced 400 ms. */
export const SLIDER_DEBOUNCE_MS = 400;

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/**
 * A range refinement (price, km, year; spec 2.2, 4, 5): a Radix slider clamped to the facet
 * min/max, plus min and max number boxes named `{facet}_min` / `{facet}_max`, which are what the
 * plain GET form sends without JavaScript. With JavaScript, moving the slider fills the boxes
 * (snapped: price to 500, km to 1000; only the moved end changes) and calls `onCommit` 400 ms after
 * the last move; a typed value outside both the slider's scale and the facet range is ignored
 * (console.warn) and the box goes back to its last value.
 * Mount it with a `key` of the search state so it resets to the URL on back/forward.
 */
export function RangeFilter({
  facet,
  legend,
  unit,
  stats,
  range,
  onCommit,
}: {
  facet: RangeFacet;
  legend: string;
  /** Shown before (e.g. "$") or after (e.g. "km") the numbers. */
  unit: { before?: string; after?: string };
  stats: NumericRange;
  range: NumericRange | undefined;
  /** Called with the new range (null: no refinement) once the shopper has settled. */
  onCommit: (facet: RangeFacet, range: NumericRange | null) => void;
}) {
  const bounds = useMemo(() => rangeSliderBounds(facet, stats), [facet, stats]);
  // Typed values may reach past the slider's scale to the stock's own extremes (a $2,995 car).
  const typedBounds = useMemo(
    () => ({ ...bounds, min: Math.min(bounds.min, stats.min ?? bounds.min), max: Math.max(bounds.max, stats.max ?? bounds.max) }),
    [bounds, stats],
  );
  // The slider mounts once its place is near the screen (decision 195), never while the page hydrates.
  const [placeholder, near] = useNearViewport();
  const [value, setValue] = useState<[number, number]>(() => sliderValue(bounds, range));
  const [minText, setMinText] = useState(text(range?.min));
  const [maxText, setMaxText] = useState(text(range?.max));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The range written so far: the URL's, then each move's (moves within the debounce add up).
  const written = useRef<NumericRange | null>(range ?? null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // Years read as years ('1998 - 2023'), never with a thousands separator (issue 17).
  const fmt = (v: number) => `${unit.before ?? ""}${facet === "year" ? String(v) : wholeNumberText(v)}${unit.after ? ` ${unit.after}` : ""}`;

  const onSlide = (next: number[]) => {
    const pair: [number, number] = [next[0], next[1]];
    const r = sliderMoveToRange(facet, bounds, value, pair, written.current);
    written.current = r;
    setValue(pair);
    setMinText(text(r?.min));
    setMaxText(text(r?.max));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onCommit(facet, r), SLIDER_DEBOUNCE_MS);
  };

  const onTyped = (which: "min" | "max", typed: string) => {
    const parsed = parseTypedBound(typed, typedBounds);
    const previous = which === "min" ? text(range?.min) : text(range?.max);
    if (!parsed.ok) {
      console.warn(`${facet} ${which} ignored: ${parsed.reason}`);
      (which === "min" ? setMinText : setMaxText)(previous);
      return;
    }
    if (text(parsed.value) === previous) return;
    const next: NumericRange = { min: which === "min" ? parsed.value : (written.current?.min ?? null), max: which === "max" ? parsed.value : (written.current?.max ?? null) };
    setValue(sliderValue(bounds, next));
    written.current = next.min === null && next.max === null ? null : next;
    onCommit(facet, next.min === null && next.max === null ? null : next);
  };

  const box = (which: "min" | "max") => (
    <label className="text-xs text-slate-600">
      {which === "min" ? "Min" : "Max"}
      {unit.before ? ` ${unit.before}` : ""}
      <input
        name={`${facet}_${which}`}
        type="number"
        inputMode="numeric"
        value={which === "min" ? minText : maxText}
        placeholder={String(which === "min" ? bounds.min : bounds.max)}
        onChange={(e) => (which === "min" ? setMinText : setMaxText)(e.target.value)}
        onBlur={(e) => onTyped(which, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onTyped(which, e.currentTarget.value);
          }
        }}
        data-no-auto-submit=""
        className="mt-0.5 w-full rounded border border-slate-300 px-2 py-1 text-sm text-slate-900"
      />
    </label>
  );

  return (
    <fieldset className="border-t border-slate-200 py-3" data-testid={`range-${facet}`}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <p className="mb-2 text-sm text-slate-700" aria-live="polite">
        {fmt(value[0])} - {fmt(value[1])}
      </p>
      {/* The slider needs JavaScript; the server's page keeps its height and the number boxes below. */}
      {near ? (
      <Slider.Root
        className="relative flex h-5 touch-none select-none items-center"
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={value}
        minStepsBetweenThumbs={0}
        onValueChange={onSlide}
      >
        <Slider.Track className="relative h-1 grow rounded bg-slate-200">
          <Slider.Range className="absolute h-full rounded bg-[var(--site-primary)]" />
        </Slider.Track>
        <Slider.Thumb aria-label={`Minimum ${legend.toLowerCase()}`} className="block h-4 w-4 rounded-full border-2 border-[var(--site-primary)] bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--site-primary)]" />
        <Slider.Thumb aria-label={`Maximum ${legend.toLowerCase()}`} className="block h-4 w-4 rounded-full border-2 border-[var(--site-primary)] bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--site-primary)]" />
      </Slider.Root>
      ) : (
        <div ref={placeholder} className="h-5" aria-hidden="true" />
      )}
      <div className="mt-2 grid grid-cols-2 gap-2">
        {box("min")}
        {box("max")}
      </div>
    </fieldset>
  );
}
