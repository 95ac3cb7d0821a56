import { describe, expect, it } from "vitest";
import {
  getCarCardButtons,
  getFavouriteToggle,
  getVdpButtons,
  isCheckoutEnabledForCar,
  qualifiesForTradeIn,
  showsWatchlistButton,
} from "./buttons";
import { makeCar } from "./test-car";

const NOW = new Date("2025-06-15T00:00:00.000Z");
const kinds = (buttons: { kind: string }[]) => buttons.map((b) => b.kind);
const sold = makeCar({ status: "sold", sold: true });

describe("isCheckoutEnabledForCar", () => {
  it("spec 5: open only when the site has checkout on (default off)", () => {
    expect(isCheckoutEnabledForCar(makeCar())).toBe(false);
    expect(isCheckoutEnabledForCar(makeCar(), { checkout: true })).toBe(true);
  });

  it("spec 5: closed for a sold, reserved or out-of-stock car", () => {
    expect(isCheckoutEnabledForCar(sold, { checkout: true })).toBe(false);
    expect(isCheckoutEnabledForCar(makeCar({ reserved: true }), { checkout: true })).toBe(false);
    // Issue 10: only priced cars (above $10, spec 9) can be reserved.
    expect(isCheckoutEnabledForCar(makeCar({ price: null }), { checkout: true })).toBe(false);
    expect(isCheckoutEnabledForCar(makeCar({ price: 10 }), { checkout: true })).toBe(false);
    expect(isCheckoutEnabledForCar(makeCar({ price: 11 }), { checkout: true })).toBe(true);
    expect(isCheckoutEnabledForCar(makeCar({ status: "withdrawn" }), { checkout: true })).toBe(false);
  });

  it("closed for a car type the site does not reserve online", () => {
    expect(isCheckoutEnabledForCar(makeCar({ carType: "new" }), { checkout: true, checkoutCarTypes: ["used"] })).toBe(false);
  });
});

describe("qualifiesForTradeIn", () => {
  it("spec 5: a car up to 7 years old with up to 100,000 km qualifies", () => {
    expect(qualifiesForTradeIn({ year: 2018, km: 100_000 }, NOW)).toBe(true);
  });

  it("spec 5: a car over 7 years old does not qualify", () => {
    expect(qualifiesForTradeIn({ year: 2017, km: 50_000 }, NOW)).toBe(false);
  });

  it("spec 5: a car with more than 100,000 km does not qualify", () => {
    expect(qualifiesForTradeIn({ year: 2024, km: 100_001 }, NOW)).toBe(false);
  });

  it("an unknown year or km does not disqualify; the site flag does", () => {
    expect(qualifiesForTradeIn({ year: null, km: null }, NOW)).toBe(true);
    expect(qualifiesForTradeIn({ year: 2024, km: 10 }, NOW, { tradeIn: false })).toBe(false);
  });
});

describe("getCarCardButtons", () => {
  it("spec 2.3: an in-stock car shows enquiry, finance and details ('View Details' by default)", () => {
    const buttons = getCarCardButtons(makeCar());
    expect(kinds(buttons)).toEqual(["enquire", "finance", "details"]);
    expect(buttons[1].label).toBe("Finance Enquiry");
    expect(buttons[2]).toEqual({ kind: "details", label: "View Details", href: "/cars/2021-toyota-corolla-ascent-sport-abc123" });
  });

  it("spec 2.3: the details button reads 'Explore Vehicle' when the site says so", () => {
    expect(getCarCardButtons(makeCar(), { detailsButtonLabel: "Explore Vehicle" })[2].label).toBe("Explore Vehicle");
  });

  it("spec 2.3: 'Reserve Now' shows only when checkout is enabled for the car", () => {
    const buttons = getCarCardButtons(makeCar(), { checkout: true, checkoutPath: "buy-online" });
    expect(buttons.at(-1)).toEqual({
      kind: "reserve",
      label: "Reserve Now",
      href: "/cars/2021-toyota-corolla-ascent-sport-abc123/buy-online",
    });
    expect(kinds(getCarCardButtons(makeCar({ reserved: true }), { checkout: true }))).not.toContain("reserve");
  });

  it("spec 2.3/4: a car not in stock shows only 'Find Me Something Similar' with the prefilled enquiry", () => {
    expect(getCarCardButtons(sold, { checkout: true })).toEqual([
      {
        kind: "find-similar",
        label: "Find Me Something Similar",
        href: null,
        prefill: { message: "Can you please find me something similar?", subcategory: "Find me something similar" },
      },
    ]);
  });

  it("a coming_soon car is in stock and keeps the in-stock buttons", () => {
    expect(kinds(getCarCardButtons(makeCar({ status: "coming_soon" })))).toEqual(["enquire", "finance", "details"]);
  });
});

describe("getVdpButtons", () => {
  const context = { now: NOW, callNumber: "+61 8 9000 1234" };

  it("spec 2.4: an in-stock car shows call, enquire, test drive and finance, in that order", () => {
    const buttons = getVdpButtons(makeCar({ year: 2015, location: null }), context);
    expect(kinds(buttons)).toEqual(["call", "enquire", "test-drive", "finance"]);
    expect(buttons[0].href).toBe("tel:0890001234");
  });

  it("spec 2.4: no call button without a call number", () => {
    expect(kinds(getVdpButtons(makeCar(), { now: NOW, callNumber: null }))).not.toContain("call");
  });

  it("spec 5: the trade-in button shows only if the car qualifies", () => {
    const qualifying = getVdpButtons(makeCar({ year: 2021, km: 45000 }), context);
    expect(qualifying.find((b) => b.kind === "trade-in")?.href).toBe("/cars/trade-in?car_id=101");
    expect(kinds(getVdpButtons(makeCar({ year: 2010 }), context))).not.toContain("trade-in");
    expect(kinds(getVdpButtons(makeCar({ km: 150_000 }), context))).not.toContain("trade-in");
  });

  it("spec 5: reserve and online purchase show only when checkout is enabled for the car", () => {
    expect(kinds(getVdpButtons(makeCar(), context, { onlinePurchase: true }))).not.toContain("online-purchase");
    const buttons = getVdpButtons(makeCar(), context, { checkout: true, onlinePurchase: true });
    expect(buttons.find((b) => b.kind === "reserve")?.href).toBe("/cars/2021-toyota-corolla-ascent-sport-abc123/checkout");
    expect(buttons.find((b) => b.kind === "online-purchase")?.href).toBe(
      "/checkout-journey?car_id=2021-toyota-corolla-ascent-sport-abc123",
    );
    expect(kinds(getVdpButtons(makeCar(), context, { checkout: true }))).not.toContain("online-purchase");
  });

  it("spec 5: the history-report button shows only if the car has a file", () => {
    expect(kinds(getVdpButtons(makeCar({ file: null }), context))).not.toContain("history-report");
    const withFile = getVdpButtons(makeCar({ file: "https://reports.example/abc.pdf" }), context);
    expect(withFile.find((b) => b.kind === "history-report")?.href).toBe("https://reports.example/abc.pdf");
  });

  it("spec 2.4: the location button links to #vehicle-map when the car has a location and the map shows", () => {
    expect(getVdpButtons(makeCar(), context).at(-1)).toEqual({ kind: "location", label: "View Location", href: "#vehicle-map" });
    expect(kinds(getVdpButtons(makeCar(), context, { vdpShowMapSection: false }))).not.toContain("location");
  });

  it("chat and test drive follow the site switches", () => {
    expect(kinds(getVdpButtons(makeCar(), context, { chat: true }))).toContain("chat");
    expect(kinds(getVdpButtons(makeCar(), context, { testDrive: false }))).not.toContain("test-drive");
  });

  it("spec 2.4: a sold car shows only 'Find Me Something Similar'", () => {
    expect(kinds(getVdpButtons({ ...sold, file: "x.pdf" }, context, { checkout: true, chat: true }))).toEqual(["find-similar"]);
  });

  it("site label overrides replace the default labels", () => {
    expect(getVdpButtons(makeCar(), context, { labels: { enquire: "Ask a question" } })[1].label).toBe("Ask a question");
  });
});

describe("getFavouriteToggle", () => {
  const photo = { images: [{ url: "https://cdn.example/1.jpg" }] };

  it("spec 4: shows the favourite toggle for an in-stock car when favourites are on", () => {
    expect(getFavouriteToggle(makeCar())).toBe("favourite");
  });

  it("spec 4: shows a compare toggle in compare mode", () => {
    expect(getFavouriteToggle(makeCar(), { favourites: false, compare: true })).toBe("compare");
  });

  it("spec 4: hidden when the feature is off", () => {
    expect(getFavouriteToggle(makeCar(), { favourites: false, compare: false })).toBeNull();
  });

  it("spec 4: hidden when the car is not in stock", () => {
    expect(getFavouriteToggle(sold)).toBeNull();
  });

  it("spec 4 strict mode: hidden when price is 0 or less", () => {
    const strict = { favouritesStrict: true };
    expect(getFavouriteToggle(makeCar({ ...photo, price: 0 }), strict)).toBeNull();
    expect(getFavouriteToggle(makeCar({ ...photo, price: null }), strict)).toBeNull();
    expect(getFavouriteToggle(makeCar({ ...photo, price: 1 }), strict)).toBe("favourite");
  });

  it("spec 4 strict mode: hidden when the car has no images", () => {
    expect(getFavouriteToggle(makeCar({ images: [], primaryImageUrl: null }), { favouritesStrict: true })).toBeNull();
    expect(getFavouriteToggle(makeCar({ primaryImageUrl: "https://cdn.example/1.jpg" }), { favouritesStrict: true })).toBe(
      "favourite",
    );
  });

  it("spec 4 strict mode: hidden for a car that is not used when the site is used-only", () => {
    const options = { favouritesStrict: true, favouritesUsedOnly: true };
    expect(getFavouriteToggle(makeCar({ ...photo, carType: "new" }), options)).toBeNull();
    expect(getFavouriteToggle(makeCar({ ...photo, carType: "used" }), options)).toBe("favourite");
  });

  it("spec 4: outside strict mode, price, images and car type do not hide it", () => {
    expect(getFavouriteToggle(makeCar({ price: 0, carType: "new" }), { favouritesUsedOnly: true })).toBe("favourite");
  });
});

describe("showsWatchlistButton", () => {
  it("spec 4: shows the save button on an in-stock car when the site has a watchlist", () => {
    expect(showsWatchlistButton(makeCar(), { watchlist: true, isSaved: false })).toBe(true);
    expect(showsWatchlistButton(makeCar(), { watchlist: false, isSaved: false })).toBe(false);
  });

  it("spec 4: a sold car not already saved shows no save button; a saved one keeps it", () => {
    expect(showsWatchlistButton(sold, { watchlist: true, isSaved: false })).toBe(false);
    expect(showsWatchlistButton(sold, { watchlist: true, isSaved: true })).toBe(true);
  });
});
