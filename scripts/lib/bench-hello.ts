// The bare baseline of `npm run bench`: Fastify answering {"hello":"world"}, nothing else, in its own
// process like the app, so each call's throughput can be given as a ratio of what Fastify alone does.
import Fastify from 'fastify';
import { serveBenchMessages } from './bench-process.js';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The POST scenarios' pair (sync-profile): the same answer, after Fastify reads the JSON body.
app.post('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send!({
  type: 'ready',
  url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
});
serveBenchMessages(() => app.close());
