/**
 * Nodes built from plain data, as Python draws them where there is no document (in a worker:
 * web/components/plain_dom.py, Element.data): a text, or [tag, svg, [name, value, ...],
 * children]. Built with createElement, setAttribute and text nodes, never as HTML, so that a
 * name or a text cannot carry markup (STYLE.md §14).
 */

const SVG = 'http://www.w3.org/2000/svg';

/** The node the data describes (a text node for a string). */
export function build(node) {
  if (typeof node === 'string') return document.createTextNode(node);
  const [tag, svg, attributes, children] = node;
  const element = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (let i = 0; i < attributes.length; i += 2) element.setAttribute(attributes[i], attributes[i + 1]);
  for (const child of children) element.append(build(child));
  return element;
}
