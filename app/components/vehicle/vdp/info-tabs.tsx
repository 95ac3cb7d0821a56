import * as Tabs from "@radix-ui/react-tabs";
import { useId } from "react";
import { CollapsibleList, DealerComments } from "./interactive";
import { NoScript } from "~/components/no-script";

export interface InfoTabsProps {
  comments: { pending: boolean; paragraphs: string[] };
  standardEquipment: string[];
  features: string[];
  featuresLimit: number;
  siteName: string;
  itemNoun: string;
  reserve: { enabled: boolean; deposit: string; holdHours: number };
  /** A car not in stock (sold) cannot be reserved: no 'Reserve Online' tab (spec 4). */
  inStock: boolean;
  certified: { programme: string; benefits: readonly string[] } | null;
}

const TAB =
  "rounded-t border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-[var(--site-primary)] data-[state=active]:text-slate-900";

/**
 * VDP information tabs, spec 2.4: Dealer Comments, What's Included, Why Buy From Us?, Reserve
 * Online (only for a car in stock), Protect Your Car, and Features only when the car has features. Built on Radix Tabs
 * (arrow-key navigation, ARIA tab roles); every panel is rendered (inactive ones hidden) so the
 * text is in the server HTML. The server writes Radix's markup without running Radix
 * (ServerInfoTabs, decision 215); the browser hydrates it with Radix (BrowserInfoTabs).
 */
export function InfoTabs(props: InfoTabsProps) {
  const { reserve } = props;
  const tabs: InfoTab[] = [
    { value: "comments", label: "Dealer Comments", body: <DealerComments paragraphs={props.comments.paragraphs} /> },
    {
      value: "included",
      label: "What's Included",
      body: props.standardEquipment.length ? (
        <CollapsibleList items={props.standardEquipment} limit={props.featuresLimit} className="mt-2 list-disc pl-6 text-slate-700" render={(item, i) => <li key={i}>{item}</li>} />
      ) : (
        <p className="mt-2 text-slate-700">Every {props.itemNoun} is inspected and detailed before delivery, with a full tank, a roadworthy certificate where required and all keys and books we hold.</p>
      ),
    },
    {
      value: "why",
      label: "Why Buy From Us?",
      body: (
        <ul className="mt-2 list-disc pl-6 text-slate-700">
          <li>Every {props.itemNoun} inspected by our technicians</li>
          <li>Finance and trade-ins arranged on site</li>
          <li>Clear, on-screen pricing</li>
          {props.certified ? props.certified.benefits.map((b) => <li key={b}>{props.certified!.programme}: {b}</li>) : null}
        </ul>
      ),
    },
    ...(props.inStock ? [{
      value: "reserve",
      label: "Reserve Online",
      body: reserve.enabled ? (
        <p className="mt-2 text-slate-700">
          Reserve this {props.itemNoun} online with a fully refundable {reserve.deposit} deposit. We hold it for you for {reserve.holdHours} hours.
        </p>
      ) : (
        <p className="mt-2 text-slate-700">Want us to hold this {props.itemNoun}? Call or enquire and our team will explain how to reserve it.</p>
      ),
    }] : []),
    {
      value: "protect",
      label: "Protect Your Car",
      body: <p className="mt-2 text-slate-700">Ask {props.siteName} about extended warranty, paint and interior protection, and comprehensive insurance when you buy.</p>,
    },
  ];
  if (props.features.length) {
    tabs.push({
      value: "features",
      label: "Features",
      body: (
        <CollapsibleList items={props.features} limit={props.featuresLimit} testId="features-list" className="mt-2 grid list-disc gap-x-6 pl-6 text-slate-700 sm:grid-cols-2" render={(item, i) => <li key={i}>{item}</li>} />
      ),
    });
  }
  return import.meta.env.SSR ? <ServerInfoTabs tabs={tabs} /> : <BrowserInfoTabs tabs={tabs} />;
}

interface InfoTab {
  value: string;
  label: string;
  body: React.ReactNode;
}

const TAB_LIST = "flex flex-wrap gap-1 border-b border-slate-200";
const TAB_PANEL = "py-4 data-[state=inactive]:hidden";

/** Without JavaScript the tabs cannot switch: show every panel instead. */
const NoScriptPanels = () => (
  <NoScript>
    <style>{"[role=tabpanel]{display:block!important}"}</style>
  </NoScript>
);

/**
 * The tabs in the browser: Radix Tabs, which hydrates the server's markup and from then on
 * switches panels (click, arrow keys, Home and End).
 * @param tabs the tabs in order; the first is selected
 */
export function BrowserInfoTabs({ tabs }: { tabs: InfoTab[] }) {
  return (
    <Tabs.Root defaultValue={tabs[0].value} className="mt-8">
      <NoScriptPanels />
      <Tabs.List aria-label="Vehicle information" className={TAB_LIST}>
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={TAB}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} forceMount className={TAB_PANEL}>
          <h2 className="sr-only">{t.label}</h2>
          {t.body}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * The tabs on the server (issue 15 "Fast pages", decision 215): the markup Radix Tabs renders
 * before it has run in a browser (the first tab selected, every panel present), written out as
 * plain elements. Radix's components (its slot, roving focus, collection and presence layers)
 * cost about 150 µs per render, 4% of an uncached VDP's CPU, to produce these few attributes.
 * The ids are Radix's own scheme ("radix-" + React's useId, called at the place of Radix's
 * root). `info-tabs.test.tsx` renders both versions and requires the same HTML, so an upgrade
 * of Radix that changes its markup fails the test rather than the page's hydration.
 * @param tabs the tabs in order; the first is selected
 */
export function ServerInfoTabs({ tabs }: { tabs: InfoTab[] }) {
  const base = `radix-${useId()}`;
  return (
    <div dir="ltr" data-orientation="horizontal" className="mt-8">
      <NoScriptPanels />
      <div role="tablist" aria-orientation="horizontal" aria-label="Vehicle information" className={TAB_LIST} tabIndex={-1} data-orientation="horizontal" style={{ outline: "none" }}>
        {tabs.map((t, i) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            aria-selected={i === 0}
            aria-controls={`${base}-content-${t.value}`}
            data-state={i === 0 ? "active" : "inactive"}
            id={`${base}-trigger-${t.value}`}
            className={TAB}
            tabIndex={-1}
            data-orientation="horizontal"
            data-radix-collection-item=""
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.value}
          data-state={i === 0 ? "active" : "inactive"}
          data-orientation="horizontal"
          role="tabpanel"
          aria-labelledby={`${base}-trigger-${t.value}`}
          id={`${base}-content-${t.value}`}
          tabIndex={0}
          className={TAB_PANEL}
          style={i === 0 ? { animationDuration: "0s" } : undefined}
        >
          <h2 className="sr-only">{t.label}</h2>
          {t.body}
        </div>
      ))}
    </div>
  );
}
