import * as Tabs from "@radix-ui/react-tabs";
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
  certified: { programme: string; benefits: readonly string[] } | null;
}

const TAB =
  "rounded-t border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-[var(--site-primary)] data-[state=active]:text-slate-900";

/**
 * VDP information tabs, spec 2.4: Dealer Comments, What's Included, Why Buy From Us?, Reserve
 * Online, Protect Your Car, and Features only when the car has features. Built on Radix Tabs
 * (arrow-key navigation, ARIA tab roles); every panel is rendered (inactive ones hidden) so the
 * text is in the server HTML.
 */
export function InfoTabs(props: InfoTabsProps) {
  const { reserve } = props;
  const tabs: { value: string; label: string; body: React.ReactNode }[] = [
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
    {
      value: "reserve",
      label: "Reserve Online",
      body: reserve.enabled ? (
        <p className="mt-2 text-slate-700">
          Reserve this {props.itemNoun} online with a fully refundable {reserve.deposit} deposit. We hold it for you for {reserve.holdHours} hours.
        </p>
      ) : (
        <p className="mt-2 text-slate-700">Want us to hold this {props.itemNoun}? Call or enquire and our team will explain how to reserve it.</p>
      ),
    },
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
  return (
    <Tabs.Root defaultValue="comments" className="mt-8">
      {/* Without JavaScript the tabs cannot switch: show every panel instead. */}
      <NoScript>
        <style>{"[role=tabpanel]{display:block!important}"}</style>
      </NoScript>
      <Tabs.List aria-label="Vehicle information" className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className={TAB}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} forceMount className="py-4 data-[state=inactive]:hidden">
          <h2 className="sr-only">{t.label}</h2>
          {t.body}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
