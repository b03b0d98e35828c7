import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one with package.json), for files the server reads at run time such as
 * openapi.yaml. Found by walking up, because this module runs from src/server (tsx, tests) and from
 * dist/server/server (the compiled build), at different depths.
 */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json in ${start} or any folder above it`);
  }
}
