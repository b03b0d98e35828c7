// `npm run reconcile:seats [-- --fix]`: compares every organization's purchased seats with the quantities
// of its subscription at the payment provider (Stripe when STRIPE_SECRET_KEY is set, else the sandbox) and
// prints the drift; --fix makes the purchased seats follow the provider, which is what the customer pays
// for (see the README, "Seats and the payment provider"). Same configuration as the server.
// With PGlite, run it while the server is stopped (one process per data folder).
import { buildApp } from '../src/server/app.js';
import { runReconcileCommand } from '../src/server/domain/billing/reconcile.js';
import { ConfigError, loadConfig } from '../src/server/config.js';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const app = await buildApp(config, { logger: false });
let code = 1;
try {
  await app.ready();
  code = await runReconcileCommand(app.services, process.argv.slice(2), (line) => console.log(line));
} finally {
  await app.close();
}
process.exit(code);
