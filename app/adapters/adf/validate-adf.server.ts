/**
 * Validates ADF/XML against the ADF 1.0 DTD at run time (issue 16 defect 6): every ADF is
 * checked before it is sent. xmllint-wasm (libxml2 compiled to WebAssembly, no native build)
 * has no DTD validation, so the DTD is converted to an equivalent RelaxNG grammar once
 * (dtd-to-relaxng.ts) and the document is validated against that.
 */
import { readFileSync } from "node:fs";
import { validateXML } from "xmllint-wasm";
import { projectFile } from "../../../db/project-file";
import { dtdToRelaxNg } from "./dtd-to-relaxng";

let grammar: { dtd: string; rng: string } | null = null;

function loadGrammar() {
  if (!grammar) {
    const dtd = readFileSync(projectFile("app/adapters/adf/adf-1.0.dtd", import.meta.url), "utf8");
    grammar = { dtd, rng: dtdToRelaxNg(dtd, "adf") };
  }
  return grammar;
}

/**
 * Checks one ADF document: well-formed XML 1.0 and valid against the ADF 1.0 DTD.
 * @returns the problems found (libxml2's messages); empty when the document is valid
 */
export async function adfProblems(xml: string): Promise<string[]> {
  const { dtd, rng } = loadGrammar();
  const result = await validateXML({ xml: { fileName: "lead.xml", contents: xml }, schema: { fileName: "adf.rng", contents: rng }, extension: "relaxng", preload: { fileName: "adf-1.0.dtd", contents: dtd } });
  return result.valid ? [] : result.errors.map((e) => (typeof e === "string" ? e : e.message)).slice(0, 5);
}

/** Thrown when an ADF document fails validation: the delivery is not sent (retrying cannot fix it). */
export class InvalidAdfError extends Error {
  constructor(readonly problems: string[]) {
    super(`ADF invalid against the ADF 1.0 DTD, not sent: ${problems.join("; ")}`.slice(0, 900));
  }
}
