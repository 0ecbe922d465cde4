// Writes src/lib/phone-metadata.kr.json: libphonenumber-js's "min" metadata cut down to Korea
// (+82), the only country the app formats. The whole file is 83 KB and would load on every page
// (the footer shows a phone number); Korea's part is under 1 KB. This is what the library's own
// `libphonenumber-metadata generate --countries KR` does; src/lib/phone.test.ts fails when the
// installed library's metadata no longer matches, so run `node scripts/phone-metadata.mjs` then.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export function koreanMetadata() {
  const require = createRequire(import.meta.url);
  const all = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'));
  return {
    version: all.version,
    country_calling_codes: { 82: all.country_calling_codes['82'] },
    countries: { KR: all.countries.KR },
    nonGeographic: {},
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = new URL('../src/lib/phone-metadata.kr.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(koreanMetadata())}\n`);
  console.log(`wrote ${out.pathname}`);
}
