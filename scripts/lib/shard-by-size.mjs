// How `npm test` splits the browser files between the shards that run them side by side
// (scripts/test-all.ts): by bytes, so the shards take about as long. A browser file's length is a fair
// measure of how long it runs (its steps), and it needs no earlier run. (Not for Jest's files: split by bytes,
// its two jobs took 307 s and 170 s, its own split by a hash of each path 198 s and 150 s.)
import { statSync } from 'node:fs';

/**
 * The files of shard `index` (from 0) of `shards`: each file, largest first, goes to the shard with the
 * fewest bytes so far. The same files always give the same shards.
 * @param {string[]} files paths
 * @param {number} index
 * @param {number} shards
 * @returns {string[]} the shard's files, sorted
 */
export function shardBySize(files, index, shards) {
  const sizes = new Map(files.map((file) => [file, statSync(file).size]));
  const load = Array.from({ length: shards }, () => ({ bytes: 0, files: /** @type {string[]} */ ([]) }));
  const largestFirst = [...files].sort((a, b) => sizes.get(b) - sizes.get(a) || a.localeCompare(b));
  for (const file of largestFirst) {
    const lightest = load.reduce((min, next) => (next.bytes < min.bytes ? next : min));
    lightest.bytes += sizes.get(file);
    lightest.files.push(file);
  }
  return load[index].files.sort();
}
