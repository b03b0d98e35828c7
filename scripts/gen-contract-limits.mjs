// Writes the numeric bounds of openapi.yaml's named scalar schemas (SeatCount's maximum, Email's
// maxLength...) as a TypeScript constant, so the SPA states the limits the server enforces from the
// same contract instead of a copy. Part of `npm run gen:api`; plain Node so the freshness test can run it.
//
//   node scripts/gen-contract-limits.mjs [output]   (no output: print to stdout)
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength'];

const contract = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
const entries = Object.entries(contract.components?.schemas ?? {}).flatMap(([name, schema]) => {
  const bounds = BOUNDS.filter((key) => typeof schema[key] === 'number').map((key) => [key, schema[key]]);
  return bounds.length > 0 ? [[name, Object.fromEntries(bounds)]] : [];
});

const source = `/**
 * Generated from openapi.yaml by scripts/gen-contract-limits.mjs (\`npm run gen:api\`): do not edit.
 * The bounds of the contract's named schemas, which the server enforces when it validates a request.
 */
export const schemaLimits = ${JSON.stringify(Object.fromEntries(entries), null, 2)} as const;
`;

const output = process.argv[2];
if (output) writeFileSync(output, source);
else process.stdout.write(source);
