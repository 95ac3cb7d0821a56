/**
 * Converts a DTD of the kind ADF 1.0 uses (element content models with , | ? * + and #PCDATA;
 * ATTLISTs with CDATA or enumerated types, #IMPLIED / #REQUIRED / defaults) to an equivalent
 * RelaxNG grammar, so xmllint-wasm (built without DTD validation) can validate ADF documents
 * against the DTD's structure. The root element is `root`.
 * @throws on DTD constructs it does not understand (so a DTD change cannot silently weaken tests)
 */
export function dtdToRelaxNg(dtd: string, root: string): string {
  const text = dtd.replace(/<!--[\s\S]*?-->/g, "");
  const elements = new Map<string, string>();
  const attributes = new Map<string, string[]>();
  for (const m of text.matchAll(/<!ELEMENT\s+(\S+)\s+([^>]+)>/g)) elements.set(m[1], m[2].trim());
  for (const m of text.matchAll(/<!ATTLIST\s+(\S+)\s+([^>]+)>/g)) {
    const list = attributes.get(m[1]) ?? [];
    for (const a of m[2].matchAll(/(\S+)\s+(CDATA|\([^)]*\))\s+(#IMPLIED|#REQUIRED|"[^"]*")/g)) {
      const values = a[2] === "CDATA" ? "<text/>" : `<choice>${a[2].slice(1, -1).split("|").map((v) => `<value>${v.trim()}</value>`).join("")}</choice>`;
      const attr = `<attribute name="${a[1]}">${values}</attribute>`;
      list.push(a[3] === "#REQUIRED" ? attr : `<optional>${attr}</optional>`);
    }
    attributes.set(m[1], list);
  }
  const model = (src: string): string => {
    let i = 0;
    const s = src.replace(/\s+/g, "");
    const parseItem = (): string => {
      let out: string;
      if (s[i] === "(") {
        i++;
        const parts = [parseItem()];
        let sep = "";
        while (s[i] === "," || s[i] === "|") {
          sep = s[i++];
          parts.push(parseItem());
        }
        if (s[i++] !== ")") throw new Error(`bad content model: ${src}`);
        out = parts.length === 1 ? parts[0] : sep === "|" ? `<choice>${parts.join("")}</choice>` : `<group>${parts.join("")}</group>`;
      } else {
        const m = /^#?[A-Za-z][\w.-]*/.exec(s.slice(i));
        if (!m) throw new Error(`bad content model: ${src}`);
        i += m[0].length;
        out = m[0] === "#PCDATA" ? "<text/>" : `<ref name="${m[0]}"/>`;
      }
      const q = s[i];
      if (q === "?") return i++, `<optional>${out}</optional>`;
      if (q === "*") return i++, `<zeroOrMore>${out}</zeroOrMore>`;
      if (q === "+") return i++, `<oneOrMore>${out}</oneOrMore>`;
      return out;
    };
    const result = parseItem();
    if (i !== s.length) throw new Error(`bad content model: ${src}`);
    return result;
  };
  const defines = [...elements].map(([name, content]) => {
    if (content === "EMPTY" || content === "ANY") throw new Error(`unsupported content ${content} for ${name}`);
    return `<define name="${name}"><element name="${name}">${(attributes.get(name) ?? []).join("")}${model(content)}</element></define>`;
  });
  return `<?xml version="1.0"?><grammar xmlns="http://relaxng.org/ns/structure/1.0"><start><ref name="${root}"/></start>${defines.join("")}</grammar>`;
}
