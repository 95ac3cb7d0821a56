/**
 * A large synthetic stock for scale tests and benchmarks (issue 54): `count` varied cars made in
 * a few hundred ms without a database. Deterministic (no randomness): car i's fields cycle
 * through fixed lists at co-prime strides. Test-only.
 */
import type { SearchDoc } from "../types.ts";
import { NOW } from "./fixtures.ts";

const MAKES = ["Toyota", "Mazda", "Kia", "Hyundai", "Ford", "Mitsubishi", "Nissan", "Subaru", "Volkswagen", "Isuzu", "MG", "BYD", "Tesla"];
const MODELS = ["Corolla", "CX-5", "Sportage", "Tucson", "Ranger", "Triton", "X-Trail", "Outback", "Golf", "D-Max", "ZS", "Atto 3", "Model Y", "HiLux", "RAV4"];
const BODIES = ["SUV", "Hatch", "Ute", "Sedan", "Wagon", "Van"];
const COLOURS = ["White", "Black", "Silver", "Grey", "Blue", "Red"];
const FUELS = ["Petrol", "Diesel", "Hybrid", "Electric"];
const STATUSES = ["in_stock", "in_stock", "in_stock", "coming_soon", "sold", "withdrawn"] as const;

/**
 * @param count number of cars
 * @param firstId id of the first car (ids and stock numbers are consecutive from it)
 * @returns cars of a site with `count / 50` dealership locations
 */
export function syntheticStock(count: number, firstId = 1): SearchDoc[] {
  const docs = new Array<SearchDoc>(count);
  const locations = Math.max(1, Math.floor(count / 50));
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const make = MAKES[i % MAKES.length];
    const model = MODELS[i % MODELS.length];
    const year = 2005 + (i % 21);
    const status = STATUSES[i % STATUSES.length];
    const location = i % locations;
    docs[i] = {
      id, slug: `car-${id}`, stockNumber: `SYN${id}`, title: `${year} ${make} ${model}`, make, model, badge: i % 3 ? `GX${i % 17}` : null,
      series: null, body: BODIES[i % BODIES.length], fuel: FUELS[i % FUELS.length], drive: i % 2 ? "AWD" : "FWD",
      transmission: i % 5 ? "Automatic" : "Manual", colour: COLOURS[i % COLOURS.length], seats: 2 + (i % 7), city: `City ${location % 40}`,
      state: "NSW", dealership: `location-${location}`, dealershipName: `Location ${location}`, carType: i % 7 === 0 ? "new" : "used",
      itemType: "car", tag: null, certified: i % 11 === 0, status, soldAt: status === "sold" ? NOW - (i % 9) * 86_400_000 : null,
      showOnDealerWebsite: i % 13 !== 0, year, km: (i * 7919) % 250_000, price: 5_000 + ((i * 104_729) % 95_000),
      subscriptionPrice: null, createdAt: NOW - (i % 365) * 86_400_000, customRank: i % 10, reserved: false, primaryImageUrl: null,
    };
  }
  return docs;
}
