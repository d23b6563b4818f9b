import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiledProgram } from '../../scripts/service.mjs';

// In production the server runs compiled (`npm start`, the Docker image): Node with the
// `compiled` condition reads each package's dist/, built by `tsc -b gateway/tsconfig.build.json`.
// Building takes minutes on a busy machine, so this checks what would break it silently: an
// export without its compiled twin, a package the build does not reach, a start that runs tsx.
const root = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_PACKAGES = [
  'contracts',
  'platform',
  'read-models',
  'command-api',
  'query-api',
  'projectors',
  'workers',
  'gateway',
];

const json = <T>(path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
type Exports = Record<string, { compiled?: string; default?: string }>;
interface BuildConfig {
  compilerOptions: { rootDir: string; outDir: string; composite: boolean };
  references?: { path: string }[];
}

describe('the compiled server', () => {
  it.each(SERVER_PACKAGES)('%s exports its compiled JavaScript under the compiled condition', (name) => {
    const exports = json<{ exports: Exports }>(`${name}/package.json`).exports;
    expect(Object.keys(exports).length).toBeGreaterThan(0);
    for (const [entry, targets] of Object.entries(exports)) {
      expect(targets.default, `${name} ${entry}`).toMatch(/^\.\/src\/.+\.ts$/);
      expect(targets.compiled, `${name} ${entry}`).toBe(
        targets.default!.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js'),
      );
      // Conditions are tried in order: `compiled` must come before the catch-all `default`.
      expect(Object.keys(targets)[0]).toBe('compiled');
    }
  });

  it.each(SERVER_PACKAGES)('%s is built from src to dist, after every package of ours it uses', (name) => {
    const config = json<BuildConfig>(`${name}/tsconfig.build.json`);
    expect(config.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist', composite: true });
    const manifest = json<{ dependencies?: Record<string, string> }>(`${name}/package.json`);
    const ours = Object.keys(manifest.dependencies ?? {})
      .filter((dep) => dep.startsWith('@cinefold/'))
      .map((dep) => `../${dep.slice('@cinefold/'.length)}/tsconfig.build.json`);
    expect((config.references ?? []).map((r) => r.path).sort()).toEqual(ours.sort());
  });

  it('is what npm start and the Docker image run, with Node and not tsx', () => {
    expect(compiledProgram('gateway', ['start'])).toEqual([
      '--conditions=compiled',
      `${root}gateway/dist/cli.js`,
      'start',
    ]);
    const start = readFileSync(`${root}scripts/start.mjs`, 'utf8');
    expect(start).toContain("compiledProgram('gateway', ['start'])");
    expect(start).toContain("run('npm', ['run', '--silent', 'build:server'])");
    const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
    expect(dockerfile).toMatch(/npm run build:server/);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "--conditions=compiled", "gateway\/dist\/cli\.js"\]$/m);
    expect(json<{ scripts: Record<string, string> }>('package.json').scripts['build:server']).toBe(
      'tsc -b gateway/tsconfig.build.json',
    );
  });
});
