import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "~/sites/site-config";
import type { Site } from "~/sites/site";
import { makeCar } from "~/domain/display/test-car";
import { carTitle } from "~/domain/car";
import { toCarCard, type CarCardData } from "./car-card-data";
import { cardJson, readCard, REMEMBERED_CARDS } from "./card-json";
import { isStableCard, markStableCard } from "./stable-cards";

const NOW = new Date("2026-06-01T00:00:00Z");
const SITE: Site = { id: 1, slug: "s", name: "S", hosts: [], dealerGroup: null, config: SiteConfigSchema.parse({}), stockVersion: 1, configVersion: 0 };
function card(id: number): CarCardData {
  const car = makeCar({ id, slug: `car-${id}`, createdAt: "2026-01-01T00:00:00Z" });
  return toCarCard(SITE, { ...car, title: carTitle(car), locationName: "Parramatta" }, NOW);
}

describe("car cards as JSON in loader data (issue 15, decision 193)", () => {
  it("round-trips every field the card renders (spec 2.3): title, price, buttons, finance estimate", () => {
    const c = card(1);
    const back = readCard(cardJson(c));
    expect(back).toEqual(JSON.parse(JSON.stringify(c)));
    expect(back.buttons).toEqual(c.buttons);
    expect(back.priceText).toBe(c.priceText);
    expect(back.finance).toEqual(c.finance);
  });

  it("serialises a memoised card once and reads back the same object on the server, so its markup stays cached (decision 189)", () => {
    const c = markStableCard(card(2));
    const json = cardJson(c);
    expect(cardJson(c)).toBe(json);
    expect(readCard(json)).toBe(c);
    expect(isStableCard(readCard(json))).toBe(true);
  });

  it("a card built for one request is parsed again: never mistaken for a memoised card", () => {
    const c = card(3);
    const json = cardJson(c);
    expect(readCard(json)).not.toBe(c);
    expect(readCard(json)).toEqual(JSON.parse(json));
    expect(isStableCard(readCard(json))).toBe(false);
  });

  it(`forgets the oldest memoised card beyond ${REMEMBERED_CARDS}, and remembers it again when a loader serialises it`, () => {
    const first = markStableCard(card(10_000));
    const json = cardJson(first);
    for (let i = 1; i <= REMEMBERED_CARDS; i++) cardJson(markStableCard(card(10_000 + i)));
    expect(readCard(json)).not.toBe(first);
    expect(cardJson(first)).toBe(json);
    expect(readCard(json)).toBe(first);
  });
});
