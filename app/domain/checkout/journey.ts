/**
 * The online purchase journey's steps (issue 10; spec 2.1 /checkout-journey), in order. Pure data
 * shared by the page and app/services/journeys.server.ts.
 */
export const JOURNEY_STEPS = ["details", "trade-in", "finance", "delivery", "payment", "confirmation"] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** Step headings shown in the progress list. */
export const JOURNEY_STEP_LABELS: Record<JourneyStep, string> = {
  details: "Your details",
  "trade-in": "Trade-in",
  finance: "Finance",
  delivery: "Delivery or pickup",
  payment: "Deposit",
  confirmation: "Confirmation",
};

/** The step before `step` (details has none). */
export function previousStep(step: JourneyStep): JourneyStep {
  const i = JOURNEY_STEPS.indexOf(step);
  return JOURNEY_STEPS[Math.max(0, i - 1)];
}

/** The step after `step`. */
export function nextStep(step: JourneyStep): JourneyStep {
  const i = JOURNEY_STEPS.indexOf(step);
  return JOURNEY_STEPS[Math.min(JOURNEY_STEPS.length - 1, i + 1)];
}

