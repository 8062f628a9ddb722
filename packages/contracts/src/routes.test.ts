import { describe, expect, it } from 'vitest';
import { type Endpoint, endpoints } from './endpoints.js';
import { ROUTE_KEYS, ROUTES, type RouteKey } from './routes.js';

describe('the endpoint map', () => {
  it('gives a method and path one operation, or two told apart by the query key one of them declares', () => {
    const byRoute = new Map<string, RouteKey[]>();
    for (const key of ROUTE_KEYS) {
      const route = ROUTES[key].join(' ');
      byRoute.set(route, [...(byRoute.get(route) ?? []), key]);
    }
    const shared = [...byRoute].filter(([, keys]) => keys.length > 1);
    expect(shared).toEqual([['GET /api/packages', ['listPublicPackages', 'listPackages']]]);
    for (const [route, keys] of shared) {
      const declaring = keys.filter((key) => {
        const ep: Endpoint = endpoints[key];
        return ep.discriminator !== undefined;
      });
      expect(declaring, route).toHaveLength(1);
    }
    const publicList: Endpoint = endpoints.listPublicPackages;
    expect(publicList.discriminator).toEqual({ query: 'handle' });
    expect(publicList.query?.shape).toHaveProperty('handle');
  });
});
