// QR codes for the friends' table: an invitation or a reply shown to a phone's camera in the
// same room. The symbol is computed by the vendored qrcode-generator (npm, MIT) and drawn as
// one SVG path of dark modules (no inline style: the site's policy forbids it), with the quiet
// zone of four modules the standard asks for.

import qrcode from "../vendor/qrcode/qrcode.mjs";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4;

// The symbol for text: its version (1-40), its size in modules and whether each module is dark.
export function qrSymbol(text, level = "L") {
  const qr = qrcode(0, level);
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  return { version: (size - 17) / 4, size, dark: (row, col) => qr.isDark(row, col) };
}

// An <svg> element drawing text's QR code, labelled for screen readers.
export function qrSvg(doc, text, label, level = "L") {
  const { size, dark } = qrSymbol(text, level);
  const side = size + 2 * QUIET;
  const svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = doc.createElementNS(SVG, "rect");
  back.setAttribute("width", String(side));
  back.setAttribute("height", String(side));
  back.setAttribute("fill", "#fff");
  const path = doc.createElementNS(SVG, "path");
  let d = "";
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (dark(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}
