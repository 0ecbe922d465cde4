import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireUser } from './auth.js';
import { registerErrorHandling } from './errors.js';
import { access, openApiOptions } from './openapi.js';

/** A bare app with the API document and one route; the /api hooks would set request.user. */
async function appWith(schema: Record<string, unknown>) {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(fastifySwagger, openApiOptions);
  app.addHook('onRequest', async (request) => {
    request.user = null;
    request.sessionRejected = false;
  });
  app.get('/api/thing', { schema }, async (request) => ({ id: requireUser(request).id }));
  await app.ready();
  return app;
}

describe('the API document and the guards', () => {
  it('refuses to describe a route that declares no operationId or security', async () => {
    const app = await appWith({ summary: 'forgot both' });
    expect(() => app.swagger()).toThrow(/GET \/api\/thing: declare operationId and security/);
    await app.close();
  });

  it('answers 401 on a route documented as signed-in, and fails a route that needs a user but says it is public', async () => {
    const declared = await appWith({ operationId: 'getThing', security: access.signedIn });
    expect((await declared.inject('/api/thing')).json()).toMatchObject({ code: 'unauthorized' });
    expect(declared.swagger().paths?.['/api/thing']?.get?.security).toEqual([{ bearerAuth: [] }]);
    await declared.close();

    const undeclared = await appWith({ operationId: 'getThing', security: access.public });
    expect((await undeclared.inject('/api/thing')).statusCode).toBe(500);
    await undeclared.close();
  });
});
