// The shape of the code in figures: import cycles, imports between features (and pairs of features importing each
// other), the largest folder, and lines over 120 characters. Tests are left out. `node scripts/structure.mjs`
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const APPS = ['apps/web/src', 'apps/server/src'];
const SOURCE = /\.(ts|tsx)$/;
const TEST = /(\.test\.|\.spec\.|\/test\/|\.d\.ts$)/;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return SOURCE.test(name) && !TEST.test(full) ? [full] : [];
  });
}

function resolve(from, specifier, known) {
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

const feature = (root, file) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : null;
};

for (const root of APPS) {
  if (!existsSync(root)) continue;
  const all = files(root);
  const known = new Set(all);
  const graph = new Map(all.map((file) => [file, []]));
  let longLines = 0;
  const folders = new Map();
  for (const file of all) {
    const text = readFileSync(file, 'utf8');
    longLines += text.split('\n').filter((line) => line.length > 120).length;
    const folder = path.dirname(file);
    const entry = folders.get(folder) ?? { files: 0, lines: 0 };
    entry.files += 1;
    entry.lines += text.split('\n').length;
    folders.set(folder, entry);
    for (const match of text.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      const target = resolve(file, match[1] ?? match[2], known);
      if (target) graph.get(file).push(target);
    }
  }
  const found = cycles(graph);
  let crossEdges = 0;
  const pairs = new Set();
  for (const [file, targets] of graph) {
    const from = feature(root, file);
    for (const target of targets) {
      const to = feature(root, target);
      if (from && to && from !== to) {
        crossEdges += 1;
        pairs.add(`${from}->${to}`);
      }
    }
  }
  const mutual = [...pairs].filter((pair) => {
    const [a, b] = pair.split('->');
    return a < b && pairs.has(`${b}->${a}`);
  });
  const [largest, size] = [...folders].sort((a, b) => b[1].files - a[1].files)[0];
  console.log(`${root}`);
  console.log(
    `  import cycles: ${found.length}${found.length ? ` (${found.map((c) => `${c.length} files`).join(', ')})` : ''}`,
  );
  console.log(`  imports between features: ${crossEdges} edges, ${pairs.size} ordered pairs`);
  console.log(
    `  features importing each other: ${mutual.length ? mutual.map((p) => p.replace('->', '<->')).join(', ') : 'none'}`,
  );
  console.log(`  largest folder: ${path.relative(root, largest)} (${size.files} files, ${size.lines} lines)`);
  console.log(`  lines over 120 characters: ${longLines}`);
}
