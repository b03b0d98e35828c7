/**
 * Starts the server: validated configuration, database, HTTP. SIGTERM/SIGINT close it gracefully
 * (in-flight requests finish, the database closes) so the process exits on its own.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { supportFormUrl } from './support/support-form.js';

export async function startServer(config: Config) {
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    // A stuck connection must not keep the process alive for ever.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exitCode = 0;
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exitCode = 1;
    }
  };
  // Last resort: a promise nobody awaited (a dependency's late error) is logged, never the end of the process.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${config.dataDir})`;
  const support = supportFormUrl(app.services) ?? 'none, the billing help link is hidden (see README)';
  console.log(
    `\n  CRM Sync is running at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}\n  database: ${database}\n  mail: ${config.smtpUrl ? 'SMTP' : config.sandboxes ? `outbox, ${config.publicUrl}/sandbox/mail` : 'outbox, NOT delivered (set SMTP_URL)'}\n  support form: ${support}\n`,
  );
  return app;
}

const isEntryPoint = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntryPoint) {
  try {
    await startServer(loadConfig(process.env));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
