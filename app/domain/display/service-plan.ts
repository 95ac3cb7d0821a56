/**
 * The per-model service plan block on the VDP, spec 2.4 ("Block for a brand's per-model service
 * plan") with the defaults: $250 per service, 5 services over 5 years, every 12 months or
 * 15,000 km (whichever comes first), up to 75,000 km. Models can override any part.
 */
import type { Car, CarType } from "~/domain/car";

/** One plan. Money in whole dollars, distances in km. */
export interface ServicePlan {
  /** Capped price of one service, whole dollars. Default 250. */
  pricePerService: number;
  /** Number of capped-price services. Default 5. */
  services: number;
  /** Plan length in years. Default 5. */
  years: number;
  /** Service interval in months. Default 12. */
  intervalMonths: number;
  /** Service interval in km. Default 15,000. */
  intervalKm: number;
  /** Plan ends at this odometer, km. Default 75,000. */
  maxKm: number;
}

export const DEFAULT_SERVICE_PLAN: Readonly<ServicePlan> = Object.freeze({
  pricePerService: 250,
  services: 5,
  years: 5,
  intervalMonths: 12,
  intervalKm: 15_000,
  maxKm: 75_000,
});

/** Per-site options (SiteConfig `display.servicePlan`). */
export interface ServicePlanOptions {
  /** The block is shown at all. Default `false`. */
  enabled: boolean;
  /** Makes covered (case-insensitive); empty = every make. Default empty. */
  makes: readonly string[];
  /** Car types covered. Default ['new', 'demo']. */
  carTypes: readonly CarType[];
  /** Plan for models without an override. Default {@link DEFAULT_SERVICE_PLAN}. */
  plan: ServicePlan;
  /** Overrides keyed by model name (case-insensitive), e.g. { "HiLux": { pricePerService: 295 } }. */
  models: Readonly<Record<string, Partial<ServicePlan>>>;
}

export const DEFAULT_SERVICE_PLAN_OPTIONS: Readonly<ServicePlanOptions> = Object.freeze({
  enabled: false,
  makes: Object.freeze([]) as readonly string[],
  carTypes: Object.freeze(["new", "demo"]) as readonly CarType[],
  plan: DEFAULT_SERVICE_PLAN,
  models: Object.freeze({}),
});

/** The plan to show plus its total, or null. */
export interface ServicePlanBlock extends ServicePlan {
  /** `pricePerService x services`, whole dollars. */
  total: number;
}

/**
 * The service plan block for a car (spec 2.4, defaults from the issue / spec 9 "Display"):
 * null when the site has it off, the car's make is not covered, or its type is not covered.
 * Otherwise the default plan with the car model's override (matched case-insensitively,
 * surrounding spaces ignored) applied field by field.
 *
 * @returns the plan and its total in whole dollars, or null. Never throws.
 */
export function getServicePlan(
  car: Pick<Car, "make" | "model" | "carType">,
  options: Partial<ServicePlanOptions> = {},
): ServicePlanBlock | null {
  const o = { ...DEFAULT_SERVICE_PLAN_OPTIONS, ...options };
  if (!o.enabled || !o.carTypes.includes(car.carType)) return null;
  const key = (text: string) => text.trim().toLowerCase();
  if (o.makes.length > 0 && !o.makes.some((make) => key(make) === key(car.make))) return null;
  const overrideKey = Object.keys(o.models).find((model) => key(model) === key(car.model));
  const plan: ServicePlan = { ...DEFAULT_SERVICE_PLAN, ...o.plan, ...(overrideKey ? o.models[overrideKey] : {}) };
  return { ...plan, total: plan.pricePerService * plan.services };
}
