import { describe, expect, it } from 'vitest';
import { readBootData } from './boot';

function page(block: string | null) {
  const doc = document.implementation.createHTMLDocument('x');
  if (block !== null) doc.head.innerHTML = `<script id="app-boot" type="application/json">${block}</script>`;
  return doc;
}

describe('readBootData', () => {
  it('reads the tenant the server sent with the page', () => {
    const tenant = {
      id: 1,
      name: 'farm',
      features: { content: true },
      settings: { service_info: { hero_title: '</b>' } },
    };
    expect(readBootData(page(JSON.stringify({ tenant }).replace(/</g, '\\u003c')))).toEqual({ tenant });
  });

  it("reads the server-rendered screen's answers and chunks with it, and ignores answers that are not a query list", () => {
    const tenant = { id: 1, name: 'farm', features: { content: true }, settings: {} };
    const queries = { mutations: [], queries: [{ queryKey: ['products', 'detail', 5], state: { data: { id: 5 } } }] };
    const modules = ['/assets/start-1.js', 'https://elsewhere.example/x.js', 7];
    expect(readBootData(page(JSON.stringify({ tenant, queries, modules })))).toEqual({
      tenant,
      queries,
      // Only the app's own built files.
      modules: ['/assets/start-1.js'],
    });
    expect(
      readBootData(page(JSON.stringify({ tenant, queries: { queries: 'x' }, modules: ['/assets/a.js'] }))),
    ).toEqual({ tenant });
  });

  it('answers nothing without the block (Vite dev server) or with a broken one', () => {
    expect(readBootData(page(null))).toEqual({});
    expect(readBootData(page('{"tenant":'))).toEqual({});
    expect(readBootData(page('{"tenant":{"id":1}}'))).toEqual({});
    expect(readBootData(page('null'))).toEqual({});
  });
});
