/**
 * Maps a site's finance configuration (`SiteConfig.finance`) onto the option objects of the
 * finance engine (app/domain/finance), so the engine stays free of configuration parsing and every
 * dealer difference stays data (spec 5 "Finance estimate display" / "Finance calculator", spec 9).
 */
import type { CarType } from "~/domain/car";
import { DEFAULT_CALCULATOR_CONFIG, withCalculatorConfig, type CalculatorConfig } from "~/domain/finance/calculator";
import type { FinanceEstimateCar, FinanceEstimateConfig } from "~/domain/finance/estimate";
import { buildFinanceEstimateView, type FinanceEstimateView } from "~/domain/finance/estimate-view";
import { estimateFrequencyFor, type LenderDataAssumptions } from "~/domain/finance/estimate";
import type { FinanceFees } from "~/domain/finance/repayments";
import type { SiteConfig } from "./site-config";
import type { Site } from "./site";

/**
 * The provider's and dealer's fees in dollars (spec 9): the provider establishment fee plus the
 * dealer's fixed establishment fee, security registration, monthly admin and agency fees.
 */
export function financeFeesFor(config: SiteConfig): FinanceFees {
  const f = config.finance;
  return {
    establishmentFee: f.establishmentFee + f.fixedFees.establishment,
    securityRegistrationFee: f.fixedFees.securityRegistration,
    monthlyAdminFee: f.fixedFees.monthlyAdmin,
    agencyFee: f.fixedFees.agency,
  };
}

/**
 * Spec 5 estimate rule options of a site: its provider key and display-rule type, the make and
 * dealership exclusions, and the site itself excluded when `showEstimates` is off.
 * @returns null when the site has no finance provider (no estimates at all)
 */
export function financeEstimateConfigFor(site: Pick<Site, "slug" | "config">): FinanceEstimateConfig | null {
  const f = site.config.finance;
  if (!f.provider) return null;
  return {
    provider: f.provider,
    providerTypes: { [f.provider]: f.providerType },
    excludedManufacturers: f.excludedManufacturers,
    excludedSites: f.showEstimates ? [] : [site.slug],
    excludedDealerships: f.excludedLocationIds,
  };
}

/**
 * Spec 5 calculator configuration of a site: price range (1,000 or 5,000 to 250,000), rate range
 * and default, term default, quick picks and the provider's fees.
 */
export function calculatorConfigFor(config: SiteConfig): CalculatorConfig {
  const f = config.finance;
  return withCalculatorConfig({
    purchasePrice: { min: f.calculatorMinPrice, max: f.calculatorMaxPrice },
    interestRate: { min: f.calculatorRateMin, max: f.calculatorRateMax },
    defaults: { ...DEFAULT_CALCULATOR_CONFIG.defaults, interestRate: f.calculatorDefaultRate, termYears: f.calculatorDefaultTermYears },
    quickPicks: f.quickPickAmounts,
    fees: financeFeesFor(config),
  });
}

/**
 * Assumptions for generating a car's lender data with our engine (decision 020): the configured
 * rate for the car type, the site's fees, the spec 9 estimate assumptions, and the frequency the
 * site's provider type leads with (so the total and disclaimer match the figure shown).
 * @returns null when the site generates no lender data
 */
export function lenderAssumptionsFor(config: SiteConfig, carType: CarType): LenderDataAssumptions | null {
  const rates = config.finance.generatedLenderRates;
  if (!config.finance.provider || !rates) return null;
  return { annualRatePercent: rates[carType], fees: financeFeesFor(config), frequency: estimateFrequencyFor(config.finance.providerType) };
}

/**
 * The estimate a car card or the VDP shows for a car on this site (spec 5), with the site's rules.
 * @param now instant now; its calendar year (UTC) drives type A's 12-year rule
 * @returns the view model or null when the estimate is hidden
 */
export function financeEstimateFor(site: Pick<Site, "slug" | "config">, car: FinanceEstimateCar, now: Date): FinanceEstimateView | null {
  return buildFinanceEstimateView(car, { slug: site.slug, template: site.config.template }, financeEstimateConfigFor(site), now.getUTCFullYear());
}
