/** The bench's baseline: a bare Fastify server with one hello-world route, in a process of its own. */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 4900), host: '127.0.0.1' });
console.log('listening');
