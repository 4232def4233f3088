// The functions of JavaScript files and their lengths in lines, as JSON, for tests/test_code_size.py.
//
//     node tests/js_functions.mjs FILE...
//
// Parsed by acorn (node_modules/acorn, which the build's npm packages bring), so a function is
// what the language says it is: declarations, expressions, arrows and methods, nested ones
// included. Prints one JSON array of {file, name, line, lines}: `name` is the function's own
// name, or the name it is bound to (a variable, a property, a method), else "<anonymous>";
// `lines` counts from the line of its name to the line of its closing brace.

import { readFileSync } from 'node:fs';
import { parse } from 'acorn';

/** The program of a file: an ES module, or else a classic script (the service worker). */
function program(source) {
  const options = { ecmaVersion: 'latest', locations: true };
  try {
    return parse(source, { ...options, sourceType: 'module' });
  } catch {
    return parse(source, { ...options, sourceType: 'script' });
  }
}

/** A binding's name: an identifier, a string key, or nothing. */
function keyName(key) {
  if (!key) return null;
  return key.type === 'Identifier' || key.type === 'PrivateIdentifier' ? key.name : String(key.value);
}

/** Every function under `node`, with the name and first line its parent gives it. */
function collect(node, file, out, name = null, start = null) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type.endsWith('FunctionDeclaration') || node.type.endsWith('FunctionExpression')) {
    const first = start ?? node.loc.start.line;
    out.push({
      file,
      name: node.id?.name ?? name ?? '<anonymous>',
      line: first,
      lines: node.loc.end.line - first + 1,
    });
  }
  for (const [field, value] of Object.entries(node)) {
    if (field === 'loc') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!child || typeof child.type !== 'string') continue;
      if (node.type === 'VariableDeclarator' && field === 'init') {
        collect(child, file, out, keyName(node.id), null);
      } else if ((node.type === 'MethodDefinition' || node.type === 'Property') && field === 'value') {
        collect(child, file, out, keyName(node.key), node.loc.start.line);
      } else if (node.type === 'AssignmentExpression' && field === 'right') {
        collect(child, file, out, node.left.property ? keyName(node.left.property) : keyName(node.left));
      } else {
        collect(child, file, out);
      }
    }
  }
}

const found = [];
for (const file of process.argv.slice(2)) {
  collect(program(readFileSync(file, 'utf8')), file, found);
}
process.stdout.write(JSON.stringify(found));
