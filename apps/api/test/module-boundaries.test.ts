import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module fence (docs/architecture.md, CODE_STYLE.md): Biome's `noRestrictedImports`, set per
 * folder in biome.json, turns a cross-module import into a red lint line. These tests write a
 * probe file into a module folder, lint it with the repository's own configuration, and delete it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIOME = path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome');
const RULE = 'lint/style/noRestrictedImports';

/** Lints `source` as if it were a file in `folder` (relative to the repository root). */
function lintProbe(folder: string, source: string): { ok: boolean; output: string } {
  const file = path.join(folder, `boundary-probe-${randomUUID().slice(0, 8)}.ts`);
  writeFileSync(path.join(ROOT, file), source);
  try {
    const run = spawnSync(process.execPath, [BIOME, 'lint', '--max-diagnostics=50', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(path.join(ROOT, file), { force: true });
  }
}

/** One import of `name` from `from`, used so that no other rule complains. */
const importing = (from: string, name = 'X') =>
  `import { ${name} } from '${from}';\n\nexport const probe = ${name};\n`;

describe('module boundaries (biome noRestrictedImports per folder)', () => {
  it("fails lint when a module imports another module's file instead of its index", () => {
    const result = lintProbe('apps/api/src/modules/itinerary', importing('../content/content.repository'));
    expect(result.ok).toBe(false);
    expect(result.output).toContain(RULE);
    expect(result.output).toContain('public face');
  });

  it('fails lint for a cross-module import from a file in a sub-folder of a module', () => {
    const result = lintProbe(
      'apps/api/src/modules/oauth/providers',
      importing('../../content/content.service'),
    );
    expect(result.ok).toBe(false);
    expect(result.output).toContain(RULE);
  });

  it('passes lint when a module imports another module through its index', () => {
    expect(lintProbe('apps/api/src/modules/itinerary', importing('../content')).ok).toBe(true);
    expect(lintProbe('apps/api/src/modules/itinerary', importing('../content/index')).ok).toBe(true);
  });

  it("passes lint for a module's own files, the platform and the test helpers", () => {
    const source = [
      "import { A } from './content.service';",
      "import { B } from '../../platform/db';",
      "import { C } from '../../../test/helpers';",
      '',
      'export const probe = [A, B, C];',
      '',
    ].join('\n');
    expect(lintProbe('apps/api/src/modules/content', source).ok).toBe(true);
  });

  it("allows a module its own schema file and refuses the schema index and another module's tables", () => {
    expect(lintProbe('apps/api/src/modules/content', importing('../../db/schema/content')).ok).toBe(true);
    for (const from of ['../../db/schema', '../../db/schema/index', '../../db/schema/booking']) {
      const result = lintProbe('apps/api/src/modules/content', importing(from));
      expect(result.ok, from).toBe(false);
      expect(result.output).toContain(RULE);
      expect(result.output).toContain('own tables');
    }
  });

  it('fails lint when code outside the modules reaches into a module, or platform code imports one', () => {
    expect(lintProbe('apps/api/test', importing('../src/modules/content/content.service')).ok).toBe(false);
    expect(lintProbe('apps/api/test', importing('../src/modules/content')).ok).toBe(true);
    // config.ts composes each module's settings schema (its second public file).
    expect(lintProbe('apps/api/src', importing('./modules/accounts/accounts.config')).ok).toBe(true);
    expect(lintProbe('apps/api/src', importing('./modules/accounts/accounts.service')).ok).toBe(false);
    expect(lintProbe('apps/api/src/platform', importing('../modules/content')).ok).toBe(false);
  });

  it('fails lint when a web feature imports the app shell', () => {
    const result = lintProbe('apps/web/src/features/booking', importing('../../app/paths', 'paths'));
    expect(result.ok).toBe(false);
    expect(result.output).toContain(RULE);
    expect(lintProbe('apps/web/src/features/booking', importing('../../lib/format', 'formatDate')).ok).toBe(
      true,
    );
  });

  it('has a fence for every module folder', () => {
    const biome = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as {
      overrides: Array<{ includes: string[]; linter?: unknown }>;
    };
    const modules = readdirSync(path.join(ROOT, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    for (const name of modules) {
      const fence = biome.overrides.find((o) => o.includes.includes(`apps/api/src/modules/${name}/**`));
      expect(fence, `biome.json has no override for modules/${name}`).toBeDefined();
      // The list of modules other modules may reach only through an index names this one too.
      expect(JSON.stringify(fence), `modules/${name} in the cross-module list`).toMatch(
        new RegExp(`[{,]${name}[,}]`),
      );
      for (const other of biome.overrides.filter((o) => o.includes[0]?.startsWith('apps/api/src/modules/'))) {
        expect(JSON.stringify(other), `the fence of ${other.includes[0]} names ${name}`).toMatch(
          new RegExp(`[{,]${name}[,}]`),
        );
      }
    }
  });
});
