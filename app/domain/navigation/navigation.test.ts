import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "~/sites/site-config";
import { TOYOTA_NAVIGATION } from "../../../db/seed/navigation";
import { baseNavigation, serviceBookingUrl } from "./defaults";
import { brandIconSvg, siteInitials } from "./brand-icon";
import { callNowShownAt, groupModels, isPopupVisible, isWithinDates, mergeNavigation, modelStatus, navigationUrls, popupStorageKey, type MenuModelInput, type NavigationTree } from "./navigation";
import { CALL_NOW_PLAN_DAYS, callNowPlan, callNowPlanStart, isCallNowShown } from "./call-now";

const base: NavigationTree = {
  header: [
    { name: "Home", url: "/", mandatory: true },
    { name: "Used Cars", url: "/search/used-cars" },
  ],
  footer: [
    { title: "Browse", items: [{ name: "Used Cars", url: "/search/used-cars" }] },
    { title: "Help", items: [{ name: "Privacy Policy", url: "/privacy-policy", mandatory: true }] },
  ],
};

describe("mergeNavigation (spec 2.7: base + site + dealer overrides)", () => {
  it("issue 50: position moves an item among its siblings, and a footer section among the sections (renamed by set.name)", () => {
    const tree = mergeNavigation(base, { header: null, footer: [] }, [
      { area: "header", target: "Used Cars", position: 1 },
      { area: "footer", target: "Help", position: 1, set: { name: "Help and legal" } },
      { area: "footer", target: "Browse/Used Cars", position: 9 },
    ]);
    expect(tree.header.map((i) => i.name)).toEqual(["Used Cars", "Home"]);
    expect(tree.footer.map((s) => s.title)).toEqual(["Help and legal", "Browse"]);
  });

  it("uses the base header when the site has none, and appends site footer sections after the base list", () => {
    const tree = mergeNavigation(base, { header: null, footer: [{ title: "Contact", items: [{ name: "Our Location", url: "/contact" }] }] }, []);
    expect(tree.header.map((i) => i.name)).toEqual(["Home", "Used Cars"]);
    expect(tree.footer.map((s) => s.title)).toEqual(["Browse", "Help", "Contact"]);
  });

  it("lets the site's header replace the base header and a same-titled site section replace the base one in place", () => {
    const tree = mergeNavigation(base, { header: [{ name: "Service", url: "/service" }], footer: [{ title: "browse", items: [{ name: "Pre-Owned", url: "/pre-owned" }] }] }, []);
    expect(tree.header).toEqual([{ name: "Service", url: "/service" }]);
    expect(tree.footer[0]).toEqual({ title: "browse", items: [{ name: "Pre-Owned", url: "/pre-owned" }] });
    expect(tree.footer[1].title).toBe("Help");
  });

  it("applies overrides: hide (not mandatory items), set, append sub-items, enable optional items, new footer section", () => {
    const site = {
      header: [
        { name: "Home", url: "/", mandatory: true },
        { name: "Service", url: "/service", dropdownItems: [{ name: "Recalls", url: "/pages/recalls" }, { name: "Express", url: "/pages/express", optional: true }] },
        { name: "Fleet", url: "/fleet" },
        { name: "KINTO", url: "https://www.kinto.com.au/", optional: true },
      ],
      footer: [],
    };
    const tree = mergeNavigation(base, site, [
      { area: "header", target: "Home", hide: true },
      { area: "header", target: "Fleet", hide: true },
      { area: "header", target: "service/recalls", set: { name: "Safety Recalls" } },
      { area: "header", target: "Service/Express", enable: true },
      { area: "header", target: "Service", append: [{ name: "Tyres", url: "/pages/tyres" }] },
      { area: "header", append: [{ name: "Careers", url: "/careers", align: "right" }] },
      { area: "header", target: "Nowhere/At all", hide: true },
      { area: "footer", target: "Help/Privacy Policy", hide: true },
      { area: "footer", target: "Browse", append: [{ name: "Favourites", url: "/favourites" }] },
      { area: "footer", sectionTitle: "Fleet", append: [{ name: "Fleet Enquiry", url: "/enquiries/fleet-enquiry" }] },
    ]);
    expect(tree.header.map((i) => i.name)).toEqual(["Home", "Service", "Careers"]);
    expect(tree.header[1].dropdownItems!.map((i) => [i.name, i.url])).toEqual([
      ["Safety Recalls", "/pages/recalls"],
      ["Express", "/pages/express"],
      ["Tyres", "/pages/tyres"],
    ]);
    expect(tree.header[1].dropdownItems![1]).not.toHaveProperty("optional");
    expect(tree.footer.map((s) => [s.title, s.items.map((i) => i.name)])).toEqual([
      ["Browse", ["Used Cars", "Favourites"]],
      ["Help", ["Privacy Policy"]],
      ["Fleet", ["Fleet Enquiry"]],
    ]);
  });

  it("leaves out optional items nobody enabled, and does not modify its inputs", () => {
    const site = { header: [{ name: "Pre-Owned", url: "/pre-owned", dropdownItems: [{ name: "Sell My Car", url: "https://example.com/sell", optional: true }] }], footer: [] };
    const before = JSON.stringify(site);
    const tree = mergeNavigation(base, site, [{ area: "header", target: "Pre-Owned", set: { url: "/used" } }]);
    expect(tree.header).toEqual([{ name: "Pre-Owned", url: "/used", dropdownItems: undefined }]);
    expect(JSON.stringify(site)).toBe(before);
  });

  it("builds the seeded single-brand set of spec 2.7 item for item, with the dealer's enabled optional items", () => {
    const config = SiteConfigSchema.parse({ carTypes: ["new", "used"], certifiedPreOwned: true, navigation: TOYOTA_NAVIGATION });
    const tree = mergeNavigation(baseNavigation(config), { header: config.navigation.header, footer: config.navigation.footerSections }, config.navigation.overrides);
    expect(tree.header.map((i) => i.name)).toEqual(["Home", "New Vehicles", "Pre-Owned Vehicles", "Special Offers", "Service", "Parts & Accessories", "Finance & Insurance", "Fleet", "Personalise", "Discover", "Contact"]);
    expect(tree.header.filter((i) => i.align === "right").map((i) => i.name)).toEqual(["Discover", "Contact"]);
    expect(tree.header[1].dynamicDropdown).toBe("models");
    const service = tree.header.find((i) => i.name === "Service")!;
    expect(service.dropdownItems!.map((i) => i.name)).toEqual(["Book a Service", "Service Enquiries", "Recalls", "Express Maintenance"]);
    // Sell My Car is optional and not enabled by this dealer.
    expect(tree.header[2].dropdownItems!.map((i) => i.name)).toEqual(["Pre-Owned Vehicles", "Demo Vehicles", "Certified Pre-Owned Vehicles", "About Certified Pre-Owned"]);
    expect(tree.footer.map((s) => s.title)).toEqual(["Browse", "Help", "Pre-Owned", "Service", "Contact"]);
    expect(tree.footer[3].items).toEqual(service.dropdownItems);
    const urls = navigationUrls(tree);
    for (const legal of ["/privacy-policy", "/terms-and-conditions", "/sitemap.xml", "/pages/complaint-handling-process"]) expect(urls).toContain(legal);
  });
});

describe("baseNavigation and serviceBookingUrl", () => {
  it("builds stock links from the site's car types and item noun", () => {
    const config = SiteConfigSchema.parse({ carTypes: ["used", "new"], itemNoun: { singular: "caravan", plural: "caravans" } });
    expect(baseNavigation(config).header.map((i) => [i.name, i.url])).toEqual([
      ["Home", "/"],
      ["New Caravans", "/search/new-cars"],
      ["Used Caravans", "/search/used-cars"],
      ["Finance", "/finance"],
      ["Our Locations", "/our-location"],
    ]);
  });
  it("books service on the dealer network's page only when both the network and the page are configured (spec 2.1)", () => {
    expect(serviceBookingUrl(SiteConfigSchema.parse({}))).toBe("/service");
    expect(serviceBookingUrl(SiteConfigSchema.parse({ links: { externalServiceBookingUrl: "https://x.example/book" } }))).toBe("/service");
    expect(serviceBookingUrl(SiteConfigSchema.parse({ links: { dealerNetworkBaseDomain: "x.example", externalServiceBookingUrl: "https://x.example/book" } }))).toBe("https://x.example/book");
  });
});

const model = (name: string, status: string, categories: string[]): MenuModelInput => ({
  name,
  slug: name.toLowerCase(),
  status,
  categories,
  url: `https://www.toyota.com.au/${name.toLowerCase()}`,
  stockUrl: `/search/toyota/${name.toLowerCase()}`,
  imageUrl: null,
});

describe("groupModels (spec 2.7 model mega menu)", () => {
  it("groups by category in the spec's order, with statuses, 'New ' prefix and no Our Stock for upcoming models", () => {
    const groups = groupModels([
      model("RAV4", "all_new", ["suvs-4wds", "electrified"]),
      model("Urban Cruiser", "coming_soon", ["suvs-4wds"]),
      model("Corolla", "current", ["hatch-sedans", "cars"]),
      model("HiLux", "current", ["utes-vans"]),
      model("Prius", "discontinued", ["hatch-sedans"]),
      model("Camry", "current", ["cars", "mystery"]),
      model("Mirai", "current", []),
    ]);
    expect(groups.map((g) => [g.label, g.models.map((m) => m.label)])).toEqual([
      ["Cars", ["Camry", "Corolla", "Mirai"]],
      ["Hatch & sedans", ["Corolla"]],
      ["SUVs & 4WDs", ["New RAV4"]],
      ["Utes & Vans", ["HiLux"]],
      ["Electrified", ["New RAV4"]],
      ["Upcoming", ["Urban Cruiser"]],
      ["Discontinued", ["Prius"]],
    ]);
    const upcoming = groups.find((g) => g.key === "upcoming")!.models[0];
    expect(upcoming).toMatchObject({ status: "coming_soon", stockUrl: null, url: "https://www.toyota.com.au/urban cruiser" });
    const rav4 = groups.find((g) => g.key === "suvs-4wds")!.models[0];
    expect(rav4).toMatchObject({ status: "all_new", stockUrl: "/search/toyota/rav4" });
  });
  it("normalises statuses (unknown = current)", () => {
    expect(["coming_soon", "Coming Soon", "upcoming", "all-new", "ALL_NEW", "discontinued", "current", "whatever"].map(modelStatus)).toEqual([
      "coming_soon",
      "coming_soon",
      "coming_soon",
      "all_new",
      "all_new",
      "discontinued",
      "current",
      "current",
    ]);
  });
  it("returns no groups for no models", () => {
    expect(groupModels([])).toEqual([]);
  });
});

describe("popup and banner dates (spec 4)", () => {
  const popup = { startsAt: "2026-11-01", expiresAt: "2027-02-28" };
  it("is visible by default between its dates, hidden once dismissed, before its start or after its expiry day", () => {
    expect(isPopupVisible(popup, Date.parse("2026-12-01T00:00:00Z"), false)).toBe(true);
    expect(isPopupVisible(popup, Date.parse("2026-12-01T00:00:00Z"), true)).toBe(false);
    expect(isPopupVisible(popup, Date.parse("2026-10-31T23:59:59Z"), false)).toBe(false);
    expect(isPopupVisible(popup, Date.parse("2027-02-28T23:59:59Z"), false)).toBe(true);
    expect(isPopupVisible(popup, Date.parse("2027-03-01T00:00:00Z"), false)).toBe(false);
  });
  it("treats missing dates as open-ended and date-times as exact", () => {
    expect(isWithinDates({ startsAt: null, expiresAt: null }, 0)).toBe(true);
    expect(isWithinDates({ startsAt: null, expiresAt: "2026-12-01T10:00:00Z" }, Date.parse("2026-12-01T10:00:01Z"))).toBe(false);
  });
  it("keys the dismissal by site and popup", () => {
    expect(popupStorageKey("perth-toyota", "summer")).toBe("perth-toyota:popup-dismissed:summer");
  });
});

describe("brand icon", () => {
  it("takes two initials and escapes them into an SVG with the site colours", () => {
    expect(siteInitials("Swan River Toyota")).toBe("SR");
    expect(siteInitials("Outback Caravans & RVs")).toBe("OC");
    expect(siteInitials("Zoom")).toBe("ZO");
    const svg = brandIconSvg("Swan River Toyota", { primary: "#c8102e", onPrimary: "#ffffff" });
    expect(svg).toContain('fill="#c8102e"');
    expect(svg).toContain(">SR</text>");
  });
});

describe("isCallNowShown (spec 2.7 sticky footer, open-now in the site's time zone)", () => {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    status: weekday === 0 ? ("Closed" as const) : ("Open" as const),
    open: weekday === 0 ? null : "08:30",
    close: weekday === 0 ? null : "17:30",
  }));
  const data = { phone: "(08) 9201 4400", weekly, timeZone: "Australia/Perth" };
  it("shows Call Now while open in Perth and hides it when closed", () => {
    expect(isCallNowShown(data, new Date("2026-11-24T02:00:00Z"))).toBe(true); // Tue 10:00 Perth
    expect(isCallNowShown(data, new Date("2026-11-24T00:00:00Z"))).toBe(false); // Tue 08:00 Perth
    expect(isCallNowShown(data, new Date("2026-11-22T04:00:00Z"))).toBe(false); // Sun 12:00 Perth
    expect(isCallNowShown({ ...data, timeZone: "Australia/Sydney" }, new Date("2026-11-24T07:00:00Z"))).toBe(false); // Tue 18:00 Sydney
  });
  it("hides Call Now without a phone number or hours", () => {
    expect(isCallNowShown({ ...data, phone: null }, new Date("2026-11-24T02:00:00Z"))).toBe(false);
    expect(isCallNowShown({ ...data, weekly: [] }, new Date("2026-11-24T02:00:00Z"))).toBe(false);
  });
});

describe("callNowPlan (spec 2.7 sticky footer without time-zone work in the browser, decision 194)", () => {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    status: weekday === 0 ? ("Closed" as const) : ("Open" as const),
    open: weekday === 0 ? null : weekday === 6 ? "09:00" : "08:30",
    close: weekday === 0 ? null : weekday === 6 ? "12:15" : "17:30",
  }));
  const perth = { phone: "(08) 9201 4400", weekly, timeZone: "Australia/Perth" };

  it("lists the instants Call Now appears and goes, in the site's time zone, from the local midnight", () => {
    const plan = callNowPlan(perth, new Date("2026-11-21T02:00:00Z")); // Sat 10:00 Perth
    expect(new Date(plan.from).toISOString()).toBe("2026-11-20T16:00:00.000Z"); // Sat 00:00 Perth
    expect(plan.shown).toBe(false); // closed at midnight
    expect(plan.until - plan.from).toBe(CALL_NOW_PLAN_DAYS * 86_400_000);
    expect(plan.changes.slice(0, 4).map((t) => new Date(t).toISOString())).toEqual([
      "2026-11-21T01:00:00.000Z", // Sat 09:00 Perth opens
      "2026-11-21T04:15:00.000Z", // Sat 12:15 Perth closes
      "2026-11-23T00:30:00.000Z", // Sunday closed; Mon 08:30 opens
      "2026-11-23T09:30:00.000Z", // Mon 17:30 closes
    ]);
    expect(plan.changes).toHaveLength(12); // Sat open and close, Mon-Fri open and close (the week ends next Sat 00:00)
    expect(callNowShownAt(plan, Date.parse("2026-11-21T02:00:00Z"))).toBe(true);
  });

  it("gives the same answer as the hours check at every five minutes of the week, across daylight saving", () => {
    for (const [data, start] of [
      [perth, "2026-11-21T02:00:00Z"],
      [{ ...perth, timeZone: "Australia/Sydney" }, "2027-03-31T23:07:00Z"], // daylight saving ends Sun 4 Apr 2027
      [{ ...perth, timeZone: "Australia/Adelaide" }, "2026-09-30T10:00:00Z"], // and starts Sun 4 Oct 2026
    ] as const) {
      const plan = callNowPlan(data, new Date(start));
      for (let at = plan.from; at <= plan.until; at += 5 * 60_000) expect(callNowShownAt(plan, at), new Date(at).toISOString()).toBe(isCallNowShown(data, new Date(at)));
    }
  });

  it("says nothing outside its week, and never shows Call Now without a phone", () => {
    const plan = callNowPlan(perth, new Date("2026-11-21T02:00:00Z"));
    expect(callNowShownAt(plan, plan.from - 1)).toBeNull();
    expect(callNowShownAt(plan, plan.until + 1)).toBeNull();
    const noPhone = callNowPlan({ ...perth, phone: null }, new Date("2026-11-21T02:00:00Z"));
    expect(noPhone).toMatchObject({ shown: false, changes: [] });
    expect(callNowShownAt(noPhone, noPhone.from + 3_600_000)).toBe(false);
  });
});

describe("callNowPlan depends on the local day, not the render instant (issue 15: one ETag per page on every node)", () => {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    status: weekday === 0 ? ("Closed" as const) : ("Open" as const),
    open: weekday === 0 ? null : "08:30",
    close: weekday === 0 ? null : "17:30",
  }));
  const perth = { phone: "(08) 9201 4400", weekly, timeZone: "Australia/Perth" }; // UTC+8 all year
  const sydney = { ...perth, timeZone: "Australia/Sydney" }; // UTC+10, UTC+11 in daylight time
  const plan = (data: typeof perth, iso: string) => callNowPlan(data, new Date(iso));

  it("gives equal plans at any two instants of one local day in Perth", () => {
    const first = plan(perth, "2026-11-23T16:00:00.000Z"); // Tue 00:00 Perth
    for (const iso of ["2026-11-24T00:29:59.999Z", "2026-11-24T00:30:00.000Z", "2026-11-24T02:00:00.000Z", "2026-11-24T02:01:00.000Z", "2026-11-24T15:59:59.999Z"]) {
      expect(plan(perth, iso), iso).toEqual(first);
    }
    expect(new Date(first.from).toISOString()).toBe("2026-11-23T16:00:00.000Z");
  });

  it("starts a new plan at the site's local midnight, not UTC's (Perth and Sydney in daylight time)", () => {
    const tuesday = plan(perth, "2026-11-24T15:59:59.999Z"); // Tue 23:59:59.999 Perth
    const wednesday = plan(perth, "2026-11-24T16:00:00.000Z"); // Wed 00:00 Perth
    expect(wednesday).not.toEqual(tuesday);
    expect(wednesday.from - tuesday.from).toBe(86_400_000);
    expect(new Date(wednesday.from).toISOString()).toBe("2026-11-24T16:00:00.000Z");
    // Sydney is on AEDT (UTC+11) in November: its midnight is 13:00 UTC.
    expect(plan(sydney, "2026-11-24T12:59:59.999Z")).toEqual(plan(sydney, "2026-11-23T13:00:00.000Z"));
    expect(new Date(plan(sydney, "2026-11-24T13:00:00.000Z").from).toISOString()).toBe("2026-11-24T13:00:00.000Z");
    // The same instant in two zones: a different plan (the zone is part of the answer).
    expect(plan(sydney, "2026-11-24T02:00:00.000Z")).not.toEqual(plan(perth, "2026-11-24T02:00:00.000Z"));
  });

  it("switches Call Now at the opening and closing minute, whichever render's plan the page holds", () => {
    const early = plan(sydney, "2026-11-23T13:00:00.000Z"); // Tue 00:00 Sydney (AEDT)
    const late = plan(sydney, "2026-11-24T06:29:00.000Z"); // Tue 17:29 Sydney
    for (const p of [early, late]) {
      expect(callNowShownAt(p, Date.parse("2026-11-23T21:29:59.999Z"))).toBe(false); // 08:29:59.999
      expect(callNowShownAt(p, Date.parse("2026-11-23T21:30:00.000Z"))).toBe(true); // 08:30 opens
      expect(callNowShownAt(p, Date.parse("2026-11-24T06:29:59.999Z"))).toBe(true);
      expect(callNowShownAt(p, Date.parse("2026-11-24T06:30:00.000Z"))).toBe(false); // 17:30 closes
    }
  });

  it("covers the 23- and 25-hour days of Sydney's daylight-time changes", () => {
    // Daylight time starts Sun 4 Oct 2026 (02:00 AEST -> 03:00 AEDT): a 23-hour day. Its plan starts
    // 24 h before Mon 00:00 AEDT, an hour before Sun 00:00 AEST, and serves the whole day.
    const short = plan(sydney, "2026-10-03T14:00:00.000Z"); // Sun 00:00 AEST
    expect(new Date(short.from).toISOString()).toBe("2026-10-03T13:00:00.000Z");
    expect(plan(sydney, "2026-10-04T12:59:59.999Z")).toEqual(short); // Sun 23:59:59.999 AEDT
    expect(plan(sydney, "2026-10-04T13:00:00.000Z").from).toBe(short.from + 86_400_000); // Mon 00:00 AEDT
    // Daylight time ends Sun 4 Apr 2027 (03:00 AEDT -> 02:00 AEST): a 25-hour day from its midnight.
    const long = plan(sydney, "2027-04-03T13:00:00.000Z"); // Sun 00:00 AEDT
    expect(new Date(long.from).toISOString()).toBe("2027-04-03T13:00:00.000Z");
    expect(plan(sydney, "2027-04-04T13:59:59.999Z")).toEqual(long); // Sun 23:59:59.999 AEST
    expect(new Date(plan(sydney, "2027-04-04T14:00:00.000Z").from).toISOString()).toBe("2027-04-04T14:00:00.000Z");
  });

  it("a plan kept for 24 h from its start (callNowPlanFor) equals a fresh one, every hour across both daylight-time changes", () => {
    for (const [data, startIso] of [
      [sydney, "2026-09-30T00:00:00.000Z"],
      [sydney, "2027-03-31T00:00:00.000Z"],
      [perth, "2026-11-20T00:00:00.000Z"],
    ] as const) {
      for (let made = Date.parse(startIso); made < Date.parse(startIso) + 8 * 86_400_000; made += 3_600_000) {
        const kept = callNowPlan(data, new Date(made));
        expect(kept.from, new Date(made).toISOString()).toBeLessThanOrEqual(made);
        const lastReuse = kept.from + 86_400_000 - 1;
        expect(callNowPlan(data, new Date(lastReuse)), `${data.timeZone} ${new Date(made).toISOString()}`).toEqual(kept);
      }
    }
  });

  it("callNowPlanStart is the local midnight on ordinary days", () => {
    expect(new Date(callNowPlanStart("2026-11-24", "Australia/Perth")).toISOString()).toBe("2026-11-23T16:00:00.000Z");
    expect(new Date(callNowPlanStart("2026-07-14", "Australia/Sydney")).toISOString()).toBe("2026-07-13T14:00:00.000Z"); // AEST
    expect(() => callNowPlanStart("2026-07-14", "Mars/Olympus")).toThrow(RangeError);
  });
});
