import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrowserInfoTabs, InfoTabs, ServerInfoTabs, type InfoTabsProps } from "./info-tabs";

/** The tabs InfoTabs builds for `props`, read back from the element it returns. */
function tabsOf(props: InfoTabsProps) {
  const element = InfoTabs(props) as { props: { tabs: Parameters<typeof ServerInfoTabs>[0]["tabs"] } };
  return element.props.tabs;
}

const CAR: InfoTabsProps = {
  comments: { pending: false, paragraphs: ["Demo listing: written for the demo site.", "One owner & full service history <logbook>."] },
  standardEquipment: ["Cruise control", "Reversing camera", "Bluetooth"],
  features: ["Tow bar", "Roof racks", "Bull bar", "Snorkel"],
  featuresLimit: 2,
  siteName: "Swan River Toyota",
  itemNoun: "car",
  reserve: { enabled: true, deposit: "$500", holdHours: 48 },
  inStock: true,
  certified: { programme: "Toyota Certified", benefits: ["12 months warranty", "Roadside assist"] },
};

describe("VDP information tabs on the server (spec 2.4, issue 15, decision 215)", () => {
  it("issue 51 / spec 4: a sold car has no 'Reserve Online' tab; a car in stock has it", () => {
    expect(tabsOf(CAR).map((t) => t.label)).toContain("Reserve Online");
    expect(tabsOf({ ...CAR, inStock: false }).map((t) => t.label)).not.toContain("Reserve Online");
    expect(tabsOf({ ...CAR, inStock: false }).map((t) => t.label)).toContain("Dealer Comments");
  });

  it.each([
    ["a car with features, a certified programme and reserve online", CAR],
    ["a car without features, equipment or reserve", { ...CAR, features: [], standardEquipment: [], certified: null, reserve: { enabled: false, deposit: "$0", holdHours: 0 } }],
  ])("writes exactly the HTML Radix Tabs renders: %s", (_name, props) => {
    const tabs = tabsOf(props);
    const server = renderToString(<ServerInfoTabs tabs={tabs} />);
    const radix = renderToString(<BrowserInfoTabs tabs={tabs} />);
    expect(server).toBe(radix);
  });

  it("selects the first tab, labels every panel by its tab and keeps every panel in the HTML", () => {
    const html = renderToString(<ServerInfoTabs tabs={tabsOf(CAR)} />);
    expect(html.match(/role="tab"/g)).toHaveLength(6);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(6);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    const first = /<button[^>]*aria-selected="true"[^>]*id="([^"]+)"[^>]*>Dealer Comments</.exec(html);
    expect(first).not.toBeNull();
    expect(html).toContain(`aria-labelledby="${first![1]}"`);
    expect(html).toContain("<li>Roof racks</li>");
    expect(html).toContain("Roadside assist</li>");
    expect(tabsOf({ ...CAR, features: [] }).map((t) => t.value)).toEqual(["comments", "included", "why", "reserve", "protect"]);
  });
});
