import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circles (issue 48), type-only imports included: ESLint's import-x/no-cycle skips
 * `import type`, so a circle closed by a type alone (a storage importing its interface from the
 * module that picks the storage) passes it. This reads every import of our sources as
 * TypeScript does (static, type-only and dynamic) and fails on the first circle it finds.
 */
const ROOTS = ['src', 'bench', 'scripts', 'tests/support'];
const root = path.resolve(import.meta.dirname, '..');

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.') && /\.tsx?$/.test(name))
    .map((name) => path.resolve(path.dirname(file), name))
    .filter((target) => fs.existsSync(target));
}

/** The first circle found, as the files around it, or undefined. */
function firstCircle(files: string[]): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...trail.slice(trail.indexOf(file)), file];
    state.set(file, 'open');
    trail.push(file);
    for (const target of importsOf(file)) {
      const circle = visit(target);
      if (circle) return circle;
    }
    trail.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of files) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return undefined;
}

describe('the sources', () => {
  it('import one another without circles, types included', () => {
    const files = ROOTS.flatMap((dir) => sourcesUnder(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    const circle = firstCircle(files)?.map((file) => path.relative(root, file));
    expect(circle, circle && `import circle: ${circle.join(' -> ')}`).toBeUndefined();
  });
});
