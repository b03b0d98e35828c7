// Jest's `--shard=k/n` by bytes (scripts/lib/shard-by-size.mjs) rather than by a hash of each path, which
// gave npm test's two Jest jobs 198 s and 150 s.
import Sequencer from '@jest/test-sequencer';
import { shardBySize } from './shard-by-size.mjs';

export default class SizeSequencer extends Sequencer {
  /**
   * @template {{ path: string }} T
   * @param {T[]} tests
   * @param {{ shardIndex: number, shardCount: number }} options
   */
  shard(tests, { shardIndex, shardCount }) {
    const mine = new Set(
      shardBySize(
        tests.map((test) => test.path),
        shardIndex - 1,
        shardCount,
      ),
    );
    return tests.filter((test) => mine.has(test.path));
  }
}
