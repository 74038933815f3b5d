/**
 * No two modules import each other, directly or through a ring (docs/architecture.md "Map"):
 * the import graph over `apps/api/src/modules` (one node per module folder, an edge where a file
 * of one imports a file of another; tests left out) has no cycle. Imports are read with the
 * TypeScript compiler's own pre-processor, so `import type` and re-exports count too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, 'modules');

/** Every import between modules: `from` module → `to` module → the files that import it. */
type ModuleGraph = Map<string, Map<string, string[]>>;

/** The module graph of the source files below `dir` (tests left out). */
function moduleGraph(dir: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'),
  );
  for (const file of files) {
    const from = file.split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(dir, file), 'utf8'));
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.relative(dir, path.resolve(dir, path.dirname(file), fileName));
      const to = target.split(path.sep)[0]!;
      if (target.startsWith('..') || to === from || !target.includes(path.sep)) continue;
      edges.set(to, [...(edges.get(to) ?? []), file]);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan's algorithm): the rings. */
function ringsOf(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) rings.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return rings;
}

describe('module rings', () => {
  it('no two modules import each other, directly or through a ring', () => {
    const graph = moduleGraph(modulesDir);
    const rings = ringsOf(new Map([...graph].map(([from, to]) => [from, to.keys()])));
    // On failure, each ring with the files that tie it: the place to cut.
    const ties = rings.map((ring) =>
      ring.flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => ring.includes(to))
          .map(([to, files]) => `${from} -> ${to}: ${[...new Set(files)].join(', ')}`),
      ),
    );
    expect(ties).toEqual([]);
  });

  it('reads the imports between modules (so an empty answer means something)', () => {
    const graph = moduleGraph(modulesDir);
    expect(graph.get('billing')?.has('subscriptions')).toBe(true);
    expect(graph.get('licenses')?.has('subscriptions')).toBe(true);
    expect(graph.size).toBeGreaterThanOrEqual(10);
  });

  it('finds a ring however long, and none in a graph without one', () => {
    const ring = new Map([
      ['accounts', ['subscriptions']],
      ['subscriptions', ['licenses']],
      ['licenses', ['accounts', 'audit']],
      ['audit', []],
    ]);
    expect(ringsOf(ring)).toEqual([['accounts', 'licenses', 'subscriptions']]);
    expect(
      ringsOf(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
    expect(
      ringsOf(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });
});
