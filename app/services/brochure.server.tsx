/**
 * The PDF brochure of a car (spec 4 "PDF print", spec 7 "PDF fetch by car slug ... downloaded as
 * {slug}.pdf"), rendered on the server with @react-pdf/renderer from the same VDP view model the
 * page uses, so the brochure shows the same title and price text as the page.
 */
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { VdpView } from "./vdp.server";

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: "Helvetica", color: "#111827" },
  site: { fontSize: 10, color: "#475569", marginBottom: 8 },
  title: { fontSize: 20, fontFamily: "Helvetica-Bold", marginBottom: 6 },
  price: { fontSize: 18, fontFamily: "Helvetica-Bold", marginBottom: 12 },
  heading: { fontSize: 12, fontFamily: "Helvetica-Bold", marginTop: 14, marginBottom: 4 },
  row: { flexDirection: "row", borderBottom: "1 solid #e2e8f0", paddingVertical: 3 },
  label: { width: "40%", color: "#475569" },
  value: { width: "60%" },
  paragraph: { marginBottom: 4, lineHeight: 1.4 },
  footer: { position: "absolute", bottom: 24, left: 36, right: 36, fontSize: 8, color: "#64748b" },
});

/** Turns characters outside the PDF standard fonts' Latin-1 range into plain text. */
function plain(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\u2026/g, "...").replace(/[^\x20-\xff\n]/g, "");
}

/**
 * Renders the brochure.
 * @param view the VDP view model ({@link VdpView})
 * @param siteName shown at the top
 * @returns the PDF bytes
 */
export async function renderBrochurePdf(view: VdpView, siteName: string): Promise<Buffer> {
  const rows: { label: string; value: string }[] = [
    ...(view.icons.km ? [{ label: "Odometer", value: view.icons.km }] : []),
    ...view.specs.filter((s) => s.name !== "km"),
    ...view.keyInfo,
  ];
  const doc = (
    <Document title={`${view.title} - ${siteName}`} author={siteName}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.site}>{plain(siteName)}</Text>
        <Text style={styles.title}>{plain(view.title)}</Text>
        <Text style={styles.price}>{view.inStock ? plain(view.price.text) : "SOLD"}</Text>
        {view.location ? <Text>{plain(`${view.location.name}, ${view.location.address}`)}</Text> : null}
        {view.phone ? <Text>{`Phone ${view.phone.display} - stock number ${view.stockNumber}`}</Text> : <Text>{`Stock number ${view.stockNumber}`}</Text>}
        <Text style={styles.heading}>Specifications</Text>
        {rows.map((r, i) => (
          <View key={i} style={styles.row}>
            <Text style={styles.label}>{plain(r.label)}</Text>
            <Text style={styles.value}>{plain(r.value)}</Text>
          </View>
        ))}
        {view.features.length ? (
          <>
            <Text style={styles.heading}>Features</Text>
            <Text style={styles.paragraph}>{plain(view.features.join(" - "))}</Text>
          </>
        ) : null}
        <Text style={styles.heading}>Dealer comments</Text>
        {view.comments.paragraphs.map((p, i) => (
          <Text key={i} style={styles.paragraph}>
            {plain(p)}
          </Text>
        ))}
        <Text style={styles.footer}>{plain(`${view.canonical} - prices and availability can change; please confirm with ${siteName}.`)}</Text>
      </Page>
    </Document>
  );
  return renderToBuffer(doc);
}
