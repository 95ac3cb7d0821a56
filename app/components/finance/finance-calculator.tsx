import * as Slider from "@radix-ui/react-slider";
import { useHydrated } from "~/components/use-hydrated";
import { useId, useMemo, useRef, useState } from "react";
import { track, type AnalyticsParams } from "~/components/analytics";
import {
  calculateFinanceCalculator,
  clampPurchasePrice,
  clampToRange,
  FINANCE_CALCULATOR_EVENT_ID,
  formatMoneyInput,
  parseMoneyInput,
  type CalculatorConfig,
  type CalculatorValues,
} from "~/domain/finance/calculator";
import { PAYMENT_FREQUENCIES, type PaymentFrequency } from "~/domain/finance/repayments";
import { NoScript } from "~/components/no-script";
import { audCentsText } from "~/domain/display/number-text";

const PERIOD: Record<PaymentFrequency, string> = { weekly: "per week", fortnightly: "per fortnight", monthly: "per month" };
const FREQUENCY_LABEL: Record<PaymentFrequency, string> = { weekly: "Weekly", fortnightly: "Fortnightly", monthly: "Monthly" };

export interface FinanceCalculatorProps {
  /** The site's calculator configuration (app/sites/finance-options.ts calculatorConfigFor). */
  config: CalculatorConfig;
  /** Starting values (server-computed: the car's price or the query's values). */
  initial: CalculatorValues;
  /** Purchase price help message to show from the start (a no-JS submit that was clamped). */
  initialMessage?: string | null;
  /** Where the form submits without JavaScript (GET): the finance page. */
  action: string;
  /** Hidden fields sent with a no-JS submit, e.g. { car_id: "12" }. */
  hidden?: Record<string, string>;
  /** Analytics parameters of event 26. */
  eventParams?: AnalyticsParams;
}

/**
 * Finance calculator (spec 5 "Finance calculator", spec 9 "Finance"). Server-rendered with the
 * initial values and their repayment; with JavaScript every change reprices live. Money inputs have
 * a $ prefix and thousands separators; the purchase price is clamped on leaving the field with the
 * help message 'Cannot be less than {min} or more than $250,000'; the term is a slider from 1 to 7
 * years in half years; analytics event 26 fires once, on the first interaction. Without JavaScript
 * the form submits (GET) to `action`, which renders the same calculator with the submitted values.
 */
export function FinanceCalculator({ config, initial, initialMessage = null, action, hidden = {}, eventParams = {} }: FinanceCalculatorProps) {
  const hydrated = useHydrated();
  const id = useId();
  const [priceText, setPriceText] = useState(formatMoneyInput(initial.purchasePrice));
  const [depositText, setDepositText] = useState(formatMoneyInput(initial.deposit));
  const [residualText, setResidualText] = useState(formatMoneyInput(initial.residual));
  const [rateText, setRateText] = useState(String(initial.interestRate));
  const [term, setTerm] = useState(initial.termYears);
  const [frequency, setFrequency] = useState<PaymentFrequency>(initial.frequency);
  const [priceMessage, setPriceMessage] = useState<string | null>(initialMessage);
  const interacted = useRef(false);

  const touch = () => {
    if (interacted.current) return;
    interacted.current = true;
    track(FINANCE_CALCULATOR_EVENT_ID, eventParams);
  };

  const result = useMemo(
    () =>
      calculateFinanceCalculator(
        {
          purchasePrice: parseMoneyInput(priceText),
          deposit: orZero(parseMoneyInput(depositText)),
          residual: orZero(parseMoneyInput(residualText)),
          interestRate: Number.isFinite(Number(rateText)) && rateText.trim() !== "" ? Number(rateText) : config.defaults.interestRate,
          termYears: term,
          frequency,
        },
        config,
      ),
    [priceText, depositText, residualText, rateText, term, frequency, config],
  );
  const { schedule } = result;

  const commitPrice = () => {
    const clamped = clampPurchasePrice(parseMoneyInput(priceText), config);
    setPriceMessage(clamped.message);
    setPriceText(formatMoneyInput(clamped.value));
  };
  const commitMoney = (text: string, set: (t: string) => void, range: { min: number; max: number }) =>
    set(formatMoneyInput(clampToRange(orZero(parseMoneyInput(text)), range)));

  const priceId = `${id}-price`;
  const messageId = `${id}-price-message`;
  const rateRange = config.interestRate;

  return (
    <form
      method="get"
      action={action}
      className="space-y-4"
      aria-labelledby={`${id}-title`}
      data-testid="finance-calculator"
      onSubmit={(e) => {
        e.preventDefault();
        touch();
        commitPrice();
      }}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Finance calculator
      </h2>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor={priceId} className="block text-sm font-medium">
          Purchase price
        </label>
        <MoneyInput
          id={priceId}
          name="price"
          value={priceText}
          describedBy={messageId}
          invalid={priceMessage !== null}
          onChange={(t) => {
            touch();
            setPriceText(t);
          }}
          onBlur={commitPrice}
        />
        <p id={messageId} className={priceMessage ? "mt-1 text-sm text-red-700" : "sr-only"} data-testid="purchase-price-message" aria-live="polite">
          {priceMessage ?? ""}
        </p>
        {config.quickPicks.length ? (
          <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Quick pick amounts">
            {config.quickPicks.map((amount) => (
              <button
                key={amount}
                type="button"
                className="rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100"
                onClick={() => {
                  touch();
                  const clamped = clampPurchasePrice(amount, config);
                  setPriceText(formatMoneyInput(clamped.value));
                  setPriceMessage(clamped.message);
                }}
              >
                ${formatMoneyInput(amount)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-deposit`} className="block text-sm font-medium">
            Deposit or trade-in
          </label>
          <MoneyInput
            id={`${id}-deposit`}
            name="deposit"
            value={depositText}
            onChange={(t) => {
              touch();
              setDepositText(t);
            }}
            onBlur={() => commitMoney(depositText, setDepositText, config.deposit)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-residual`} className="block text-sm font-medium">
            Residual (balloon)
          </label>
          <MoneyInput
            id={`${id}-residual`}
            name="residual"
            value={residualText}
            onChange={(t) => {
              touch();
              setResidualText(t);
            }}
            onBlur={() => commitMoney(residualText, setResidualText, config.residual)}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-rate`} className="block text-sm font-medium">
          Interest rate (% p.a., {rateRange.min} to {rateRange.max})
        </label>
        <input
          id={`${id}-rate`}
          name="rate"
          type="number"
          inputMode="decimal"
          min={rateRange.min}
          max={rateRange.max}
          step={0.01}
          value={rateText}
          className="mt-1 w-32 rounded border border-slate-300 px-2 py-1"
          onChange={(e) => {
            touch();
            setRateText(e.target.value);
          }}
          onBlur={() => {
            const n = Number(rateText);
            setRateText(String(clampToRange(rateText.trim() === "" || !Number.isFinite(n) ? config.defaults.interestRate : n, rateRange)));
          }}
        />
      </div>
      <div>
        <span id={`${id}-term-label`} className="block text-sm font-medium">
          Loan term: <span data-testid="term-value">{term} {term === 1 ? "year" : "years"}</span>
        </span>
        {/* Radix renders its thumbs hidden and without aria-valuenow until measured: the slider appears once hydrated. */}
        {hydrated ? (
        <Slider.Root
          name="term"
          className="relative mt-3 flex h-5 w-full touch-none select-none items-center"
          min={config.termYears.min}
          max={config.termYears.max}
          step={config.termYears.step ?? 0.5}
          value={[term]}
          onValueChange={([v]) => {
            touch();
            setTerm(v);
          }}
        >
          <Slider.Track className="relative h-1 grow rounded-full bg-slate-200">
            <Slider.Range className="absolute h-full rounded-full bg-[var(--site-primary)]" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={`${id}-term-label`}
            aria-valuetext={`${term} years`}
            className="block h-5 w-5 rounded-full border-2 border-[var(--site-primary)] bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--site-primary)]"
          />
        </Slider.Root>
        ) : (
          <div className="mt-3 h-5" aria-hidden="true" />
        )}
        <NoScript>
          {/* Radix shows its thumb only once hydrated: without JavaScript the term is a number input. */}
          <label className="mt-2 block text-sm">
            Loan term in years ({config.termYears.min} to {config.termYears.max})
            <input type="number" name="term" min={config.termYears.min} max={config.termYears.max} step={config.termYears.step ?? 0.5} defaultValue={term} className="ml-2 w-20 rounded border border-slate-300 px-2 py-1" />
          </label>
        </NoScript>
        <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{config.termYears.min} year</span>
          <span>{config.termYears.max} years</span>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Repayment frequency</legend>
        <div className="mt-1 flex gap-4">
          {PAYMENT_FREQUENCIES.map((f) => (
            <label key={f} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name="frequency"
                value={f}
                checked={frequency === f}
                onChange={() => {
                  touch();
                  setFrequency(f);
                }}
              />
              {FREQUENCY_LABEL[f]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="rounded bg-slate-100 p-3" aria-live="polite">
        <p className="text-sm text-slate-600">Estimated repayment</p>
        <p className="text-2xl font-bold">
          <output htmlFor={priceId} data-testid="calculator-repayment">
            {audCentsText(schedule.payment)}
          </output>{" "}
          <span className="text-base font-normal">{PERIOD[schedule.frequency]}</span>
        </p>
        <p className="text-sm text-slate-700">
          {schedule.numberOfPayments} payments, total interest {audCentsText(schedule.totalInterest)}, total payable{" "}
          <span data-testid="calculator-total">{audCentsText(schedule.totalPayable)}</span>
        </p>
      </div>
      <NoScript>
        <button type="submit" className="rounded bg-[var(--site-primary)] px-4 py-2 font-semibold text-[var(--site-on-primary)]">
          Calculate
        </button>
      </NoScript>
      <p className="text-xs text-slate-600">
        This calculator is a guide only and is not a quote or an offer of credit. Fees may apply.
      </p>
    </form>
  );
}

function orZero(n: number): number {
  return Number.isFinite(n) ? n : 0;
}

/** Money input: $ prefix, thousands separators, numeric keyboard. */
function MoneyInput(props: { id: string; name: string; value: string; describedBy?: string; invalid?: boolean; onChange: (text: string) => void; onBlur: () => void }) {
  return (
    <div className="mt-1 flex items-center rounded border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-[var(--site-primary)]">
      <span className="pl-2 text-slate-600" aria-hidden="true">
        $
      </span>
      <input
        id={props.id}
        name={props.name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={props.value}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        className="w-full rounded px-1 py-1 outline-none"
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
    </div>
  );
}

/**
 * The calculator as a page section (the finance pages, spec 2.1): submits to the site's finance
 * path without JavaScript, carrying the car id when the page is about one car.
 */
export function FinanceCalculatorSection({
  calculator,
  financePath,
  carId,
}: {
  calculator: { config: CalculatorConfig; initial: CalculatorValues; message: string | null };
  financePath: string;
  carId: number | null;
}) {
  return (
    <section id="finance-calculator" className="rounded-lg bg-white p-6 shadow-sm">
      <FinanceCalculator
        config={calculator.config}
        initial={calculator.initial}
        initialMessage={calculator.message}
        action={`${financePath}#finance-calculator`}
        hidden={carId !== null ? { car_id: String(carId) } : {}}
      />
    </section>
  );
}
