import { type Endpoint, endpoints, ROUTE_KEYS, ROUTES, type RouteKey } from '@kora/contracts';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/**
 * Where the document lists an operation: its path with `{name}` parameters. OpenAPI has one
 * operation per method and path, so one that a query key chooses (the endpoint map's
 * `discriminator`, http/route.ts) is listed under its path with that key, `/api/packages?handle`.
 */
export function documentedPath(key: RouteKey): string {
  const ep: Endpoint = endpoints[key];
  const path = ROUTES[key][1].replace(/:(\w+)/g, '{$1}');
  return ep.discriminator ? `${path}?${ep.discriminator.query}` : path;
}

/** The route's URL in the document (before Fastify's `:name` become `{name}`): as documentedPath. */
export function documentedUrl(key: RouteKey | undefined, url: string): string {
  const ep: Endpoint | undefined = key && endpoints[key];
  return ep?.discriminator ? `${url}?${ep.discriminator.query}` : url;
}

/**
 * Documents the multipart bodies, which Fastify does not validate (the route helper parses them
 * once the content type is known), so the generated document would otherwise show no body.
 */
export function documentMultipartBodies<T extends { paths?: object }>(doc: T): T {
  for (const key of ROUTE_KEYS) {
    const ep: Endpoint = endpoints[key];
    if (!ep.multipart) continue;
    const method = ROUTES[key][0];
    const pathItem: unknown = doc.paths && Reflect.get(doc.paths, documentedPath(key));
    const operation: unknown = typeof pathItem === 'object' && pathItem ? Reflect.get(pathItem, method.toLowerCase()) : undefined;
    if (typeof operation !== 'object' || !operation) continue;
    const fields = jsonSchema(ep.multipart.fields);
    const files = Object.fromEntries(ep.multipart.files.map((f) => [f, { type: 'string', format: 'binary' }]));
    Reflect.set(operation, 'requestBody', {
      required: true,
      content: {
        ...(ep.body ? { 'application/json': { schema: jsonSchema(ep.body) } } : {}),
        'multipart/form-data': { schema: { ...fields, properties: { ...fields.properties, ...files } } },
      },
    });
  }
  return doc;
}

/** Documents the media type of answers that are not JSON (`produces` in the endpoint map). */
export function documentMediaTypes<T extends { paths?: object }>(doc: T): T {
  for (const key of ROUTE_KEYS) {
    const ep: Endpoint = endpoints[key];
    if (!ep.produces) continue;
    const method = ROUTES[key][0];
    const pathItem: unknown = doc.paths && Reflect.get(doc.paths, documentedPath(key));
    const operation: unknown = typeof pathItem === 'object' && pathItem ? Reflect.get(pathItem, method.toLowerCase()) : undefined;
    const responses: unknown = typeof operation === 'object' && operation ? Reflect.get(operation, 'responses') : undefined;
    const success: unknown = typeof responses === 'object' && responses ? Reflect.get(responses, '200') : undefined;
    if (typeof success !== 'object' || !success) continue;
    Reflect.set(success, 'content', { [ep.produces]: { schema: { type: 'string' } } });
  }
  return doc;
}
